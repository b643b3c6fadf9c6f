import { useEffect, useState, type RefObject } from 'react';
import type { SubtitleStyle } from '../../../../contract/jobs.ts';
import type { TrackCue } from '../../../../contract/tracks.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { PreviewLineText } from '../../../components/preview-line-text.tsx';
import { DEFAULT_STYLE } from '../../../config/subtitle-style.ts';
import { cueAt } from '../model.ts';
import { overlayLines } from '../overlay-style.ts';
import { useEditorStore } from '../store.ts';

interface CaptionOverlayProps {
  mediaRef: RefObject<HTMLVideoElement | null>;
  /** The translation shown (drawn as the target line) and the source (drawn above it when the style is bilingual). */
  cues: readonly TrackCue[];
  language: string;
  sourceCues: readonly TrackCue[];
  sourceLanguage: string;
}

/** The picture's box inside the <video> element (object-fit: contain), CSS pixels, and the video's own height. */
interface PictureBox {
  /** The letterbox on each inline side (the picture is centred, so the same in both directions). */
  inlineInset: number;
  top: number;
  width: number;
  height: number;
  /** The letterbox under the picture (the native controls sit at the element's bottom). */
  bottomInset: number;
  videoHeight: number;
}

function pictureOf(video: HTMLVideoElement): PictureBox | null {
  const { clientWidth: w, clientHeight: h, videoWidth: vw, videoHeight: vh } = video;
  if (!w || !h || !vw || !vh) return null;
  const scale = Math.min(w / vw, h / vh);
  const width = vw * scale;
  const height = vh * scale;
  const top = (h - height) / 2;
  return { inlineInset: (w - width) / 2, top, width, height, bottomInset: h - top - height, videoHeight: vh };
}

/**
 * The cue at the playhead drawn over the video in the user's remembered subtitle style (the studio's preview,
 * preview-style.ts; the default style when none is saved), at a readable size and above the native controls
 * (overlay-style.ts).
 * Follows playback, seeking and edits. Decorative for assistive technology: the cue list holds the same text.
 */
export function CaptionOverlay({ mediaRef, cues, language, sourceCues, sourceLanguage }: CaptionOverlayProps) {
  const time = useEditorStore((s) => s.time);
  const style: SubtitleStyle = useSessionStore((s) => s.user?.subtitle_style) ?? DEFAULT_STYLE;
  const [box, setBox] = useState<PictureBox | null>(null);
  useEffect(() => {
    const video = mediaRef.current;
    if (!video) return;
    const measure = () => setBox(pictureOf(video));
    const observer = new ResizeObserver(measure);
    observer.observe(video);
    video.addEventListener('loadedmetadata', measure);
    measure();
    return () => {
      observer.disconnect();
      video.removeEventListener('loadedmetadata', measure);
    };
  }, [mediaRef]);
  if (!box) return null;
  const cue = cueAt(cues, time);
  const source = style.bilingual && language !== sourceLanguage ? cueAt(sourceCues, time) : undefined;
  const lines = overlayLines(style, box);
  return (
    <div
      className="caption-overlay"
      aria-hidden="true"
      data-testid="caption-overlay"
      style={{
        insetInlineStart: box.inlineInset,
        insetBlockStart: box.top,
        inlineSize: box.width,
        blockSize: box.height,
      }}
    >
      {cue ? <PreviewLineText line={lines.target} text={cue.text} lang={language} testId="caption-target" /> : null}
      {source && lines.source ? (
        <PreviewLineText line={lines.source} text={source.text} lang={sourceLanguage} testId="caption-source" />
      ) : null}
    </div>
  );
}
