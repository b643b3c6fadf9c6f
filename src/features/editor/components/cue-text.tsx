import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CueRule } from '../../../../contract/cues.ts';
import type { TrackCue } from '../../../../contract/tracks.ts';
import { RULE_LABELS } from '../labels.ts';
import { CueStats } from './cue-stats.tsx';
import { GlossaryFlagMark } from './glossary-flag-mark.tsx';

interface CueTextProps {
  cue: TrackCue;
  track: string;
  language: string;
  label: string;
  warnings: readonly CueRule[] | undefined;
  onChange: (text: string) => void;
  /** Enter (without Shift): go to the next cue's box of the same column. */
  onNext: () => void;
}

/** One cue's editable text (right-to-left by its content) with the rules it breaks, live. */
export function CueText({ cue, track, language, label, warnings, onChange, onNext }: CueTextProps) {
  const { i18n } = useLingui();
  const box = useRef<HTMLTextAreaElement>(null);
  useFullHeight(box, cue.text);
  return (
    <div className="cue-text">
      <textarea
        className="input cue-textarea"
        dir="auto"
        lang={language}
        rows={Math.max(2, cue.text.split('\n').length)}
        ref={box}
        aria-label={label}
        data-testid="cue-text"
        data-track={track}
        data-cue-id={cue.id}
        value={cue.text}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onNext();
          }
        }}
      />
      <CueStats text={cue.text} start={cue.start} end={cue.end} language={language} />
      {warnings?.length ? (
        <ul className="cue-warnings" data-testid="cue-warnings">
          {warnings.map((rule) => (
            <li key={rule} data-rule={rule}>
              {i18n._(RULE_LABELS[rule])}
            </li>
          ))}
        </ul>
      ) : null}
      <GlossaryFlagMark track={track} cueId={cue.id} />
    </div>
  );
}

/**
 * Grows the text box to show every line of `text` whole (issue 38 item 4: a two-line cue was cut and a third line
 * half shown): `rows` follows the line count, and the box takes the height of its content, wrapped lines included,
 * again whenever the text or the box's width changes.
 */
function useFullHeight(ref: RefObject<HTMLTextAreaElement | null>, text: string): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let width = -1;
    const fit = () => {
      width = el.clientWidth;
      el.style.blockSize = 'auto';
      // scrollHeight holds the content and the padding; the border-box size adds the borders.
      el.style.blockSize = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => el.clientWidth !== width && fit());
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, text]);
}
