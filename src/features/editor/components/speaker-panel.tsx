import { useEffect, useRef, useState } from 'react';
import { useSpeakerName } from '../speaker-name.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JobResponse } from '../../../../contract/jobs.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import { languageLabel } from '../../../config/languages.ts';
import { useCapabilitiesStore, voiceSampleUrl, voicesFor } from '../../../lib/capabilities.ts';
import { voiceName } from '../../../lib/voice-name.ts';
import type { EditorDoc } from '../model.ts';
import {
  canSplitSpeaker,
  freeVoices,
  mergeSpeakers,
  newSpeakerFromCues,
  nextSpeakerId,
  renameSpeaker,
  setSpeakerVoice,
  speakerColour,
  splitSpeaker,
} from '../speakers.ts';
import { selectDoc, useEditorStore } from '../store.ts';
import './speakers.css';

/**
 * The job's speakers (issue 19): each with its colour (the same on the cue list and the waveform), its name to
 * rename, its voice in the target language shown (with a sample to hear; a speaker without a voice of its own shows
 * the job's voice, which it is dubbed with) and a merge into another speaker. Issue 38: "New speaker from the
 * selected subtitles" (the ticked cues, else the selected one) and, per speaker, "Split from the playhead" (its
 * cues from the cue under the playhead on) make a new speaker with its own colour and a voice no other speaker
 * has (freeVoices). Edits go through the store (undo, autosave).
 */
export function SpeakerPanel({ job }: { job: JobResponse }) {
  const { t, i18n } = useLingui();
  const nameOf = useSpeakerName();
  const doc = useEditorStore(selectDoc);
  const speakers = doc?.speakers ?? [];
  const target = useEditorStore((s) => s.target);
  const timingTrack = useEditorStore((s) => s.timingTrack);
  const time = useEditorStore((s) => s.time);
  const activeId = useEditorStore((s) => s.activeId);
  const picked = useEditorStore((s) => s.picked);
  const clearPicked = useEditorStore((s) => s.clearPicked);
  const edit = useEditorStore((s) => s.edit);
  const caps = useCapabilitiesStore((s) => s.languages);
  const load = useCapabilitiesStore((s) => s.load);
  const audio = useRef<HTMLAudioElement | null>(null);
  const [mergeInto, setMergeInto] = useState<Record<string, string>>({});
  useEffect(() => void load(), [load]);
  if (!doc) return null;
  const jobVoices = job.voices ?? {};
  const current = (id: string) => speakers.find((s) => s.id === id)?.voices[target] ?? jobVoices[target] ?? '';
  // A new speaker's voice in every dubbed language, none of the others' (the server picks one where none is free).
  const dubbed = job.services_requested.includes('voice_over')
    ? Object.keys(doc.tracks).filter((k) => k !== 'source' && k !== normaliseLanguage(doc.sourceLanguage))
    : [];
  const newVoices = (d: EditorDoc) =>
    freeVoices(
      d.speakers ?? [],
      dubbed,
      Object.fromEntries(dubbed.map((l) => [l, voicesFor(caps, l, 'standard')])),
      jobVoices,
      Object.fromEntries(dubbed.map((l) => [l, job.dub_segments?.[l]?.speaker_voices ?? {}])),
    );
  const timingIds = new Set((doc.tracks[timingTrack] ?? []).map((c) => c.id));
  const chosen = picked.filter((id) => timingIds.has(id));
  const from = chosen.length ? chosen : activeId && timingIds.has(activeId) ? [activeId] : [];
  const count = chosen.length;
  const full = nextSpeakerId(speakers) === null;
  const addSpeaker = () => {
    edit((d) => newSpeakerFromCues(d, timingTrack, from, newVoices(d)));
    clearPicked();
  };
  const voices = target ? voicesFor(caps, target, 'standard') : [];
  // A speaker's voice is of the engine its language is dubbed with (the server voices one engine per language).
  const engineOf = (voiceId: string) => voiceId.split(':')[0];
  const matchedName = (base: string) => {
    const v = voices.find((x) => x.id === base);
    return v ? voiceName(v, i18n) : base;
  };
  const play = (voiceId: string) => {
    audio.current?.pause();
    audio.current = new Audio(voiceSampleUrl(voiceId.replace(/@\d+$/, ''), target));
    void audio.current.play().catch(() => undefined);
  };
  return (
    <section className="speaker-panel" aria-label={t`Speakers`} data-testid="speaker-panel">
      <div className="speaker-head">
        <h2 className="speaker-title">
          <Trans>Speakers</Trans>
        </h2>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          data-testid="speaker-new"
          disabled={!from.length || full}
          onClick={addSpeaker}
        >
          {chosen.length ? (
            <Trans>New speaker from the selected subtitles ({count})</Trans>
          ) : (
            <Trans>New speaker from this subtitle</Trans>
          )}
        </button>
      </div>
      {!from.length && !full ? (
        <p className="muted speaker-hint">
          <Trans>Tick subtitles in the list to make them a new speaker.</Trans>
        </p>
      ) : null}
      {full ? (
        <p className="muted speaker-hint">
          <Trans>This job has the most speakers it can hold. Merge two speakers to add another.</Trans>
        </p>
      ) : null}
      <ul className="speaker-list">
        {speakers.map((sp) => {
          const voice = current(sp.id);
          const base = voice.replace(/@\d+$/, '');
          const offered = voices.filter((v) => !voice || engineOf(v.id) === engineOf(voice));
          const others = speakers.filter((o) => o.id !== sp.id);
          const into = mergeInto[sp.id] ?? others[0]?.id;
          const name = nameOf(sp);
          return (
            <li key={sp.id} className="speaker-item" data-testid="speaker-item" data-speaker={sp.id}>
              <span
                className="speaker-swatch"
                style={{ background: speakerColour(sp.id) }}
                data-testid="speaker-colour"
                data-colour={speakerColour(sp.id)}
                aria-hidden="true"
              />
              <input
                className="input speaker-name"
                value={nameOf(sp)}
                aria-label={t`Name of ${nameOf(sp)}`}
                data-testid="speaker-name"
                maxLength={60}
                onChange={(e) => edit((doc) => renameSpeaker(doc, sp.id, e.target.value), `speaker-name-${sp.id}`)}
              />
              {target && offered.length ? (
                <>
                  <select
                    className="input speaker-voice"
                    value={voice}
                    aria-label={t`Voice of ${nameOf(sp)} in ${languageLabel(target, i18n)}`}
                    data-testid="speaker-voice"
                    onChange={(e) => edit((doc) => setSpeakerVoice(doc, sp.id, target, e.target.value))}
                  >
                    {voice && !offered.some((v) => v.id === voice) ? (
                      <option value={voice}>{t`${matchedName(base)}, matched to the speaker`}</option>
                    ) : null}
                    {offered.map((v) => (
                      <option key={v.id} value={v.id}>
                        {voiceName(v, i18n)}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    onClick={() => play(voice || offered[0].id)}
                    aria-label={t`Play a sample of the voice of ${nameOf(sp)}`}
                  >
                    <Trans>Sample</Trans>
                  </button>
                </>
              ) : null}
              <button
                type="button"
                className="btn btn-outline btn-sm"
                data-testid="speaker-split"
                disabled={!canSplitSpeaker(doc, sp.id, time)}
                title={t`The subtitles of ${nameOf(sp)} from the playhead on become a new speaker`}
                onClick={() => edit((d) => splitSpeaker(d, sp.id, time, newVoices(d)))}
              >
                <Trans>Split from the playhead</Trans>
              </button>
              {/* One control: "Merge <name> into [speaker] [Merge]", its label visible (issue 38 item 4). */}
              {others.length ? (
                <div className="speaker-merge-field" role="group" aria-labelledby={`merge-label-${sp.id}`}>
                  <label className="small" id={`merge-label-${sp.id}`} htmlFor={`merge-into-${sp.id}`}>
                    <Trans>Merge {name} into</Trans>
                  </label>
                  <select
                    className="input speaker-merge"
                    id={`merge-into-${sp.id}`}
                    value={into}
                    data-testid="speaker-merge-into"
                    onChange={(e) => setMergeInto({ ...mergeInto, [sp.id]: e.target.value })}
                  >
                    {others.map((o) => (
                      <option key={o.id} value={o.id}>
                        {nameOf(o)}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    data-testid="speaker-merge"
                    onClick={() => into && edit((d) => mergeSpeakers(d, sp.id, into))}
                  >
                    <Trans>Merge</Trans>
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
