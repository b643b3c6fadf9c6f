/**
 * The editor's speakers (issue 19 item 4): a colour per speaker, and the pure edits on them (rename, choose a voice,
 * move a cue to another speaker, merge two speakers). Like model.ts, every edit returns a new document, or the
 * same one when nothing changes. Speakers are saved with the tracks (PUT /v1/jobs/{id}/tracks `speakers`).
 */
import type { TrackCue } from '../../../contract/tracks.ts';
import type { TrackSpeaker } from '../../../contract/speakers.ts';
import type { EditorDoc, TrackKey } from './model.ts';

/**
 * One colour per speaker, by number (`S1` the first): eight hues far apart on the wheel, dark enough for 3:1
 * against white as a 4 px stripe (WCAG 1.4.11 non-text contrast).
 */
export const SPEAKER_COLOURS = [
  '#2563eb',
  '#db2777',
  '#059669',
  '#d97706',
  '#7c3aed',
  '#0e7490',
  '#dc2626',
  '#4d7c0f',
] as const;

/** The colour of speaker `id` (`S3` -> the third colour); undefined for none. */
export function speakerColour(id: string | undefined): string | undefined {
  const n = Number(id?.replace(/^S/, ''));
  return Number.isInteger(n) && n > 0 ? SPEAKER_COLOURS[(n - 1) % SPEAKER_COLOURS.length] : undefined;
}

/** `colour` at `alpha` (0..1) as rgba(), for waveform regions. */
export function withAlpha(colour: string, alpha: number): string {
  const v = Number.parseInt(colour.slice(1), 16);
  return `rgba(${(v >> 16) & 255}, ${(v >> 8) & 255}, ${v & 255}, ${alpha})`;
}

const withSpeakers = (doc: EditorDoc, speakers: TrackSpeaker[]): EditorDoc => ({ ...doc, speakers });

/** Renames speaker `id` (the name trimmed; an empty name is refused: same doc). */
export function renameSpeaker(doc: EditorDoc, id: string, name: string): EditorDoc {
  const list = doc.speakers ?? [];
  const sp = list.find((s) => s.id === id);
  if (!sp || !name.trim() || sp.name === name) return doc;
  return withSpeakers(
    doc,
    list.map((s) => (s.id === id ? { ...s, name } : s)),
  );
}

/** Sets the voice (API id `<engine>:<voice>`) speaker `id` is dubbed with in `language`. */
export function setSpeakerVoice(doc: EditorDoc, id: string, language: string, voiceId: string): EditorDoc {
  const list = doc.speakers ?? [];
  const sp = list.find((s) => s.id === id);
  if (!sp || sp.voices[language] === voiceId) return doc;
  return withSpeakers(
    doc,
    list.map((s) => (s.id === id ? { ...s, voices: { ...s.voices, [language]: voiceId } } : s)),
  );
}

const overlaps = (a: TrackCue, b: TrackCue) => a.start < b.end && b.start < a.end;

/**
 * Gives cue `cueId` of `track` to speaker `speaker`, and with it the cues of the other tracks said at the same
 * time (the source line and its translation stay with one person).
 */
export function setCueSpeaker(doc: EditorDoc, track: TrackKey, cueId: string, speaker: string): EditorDoc {
  const cue = doc.tracks[track]?.find((c) => c.id === cueId);
  if (!cue || cue.speaker === speaker || !(doc.speakers ?? []).some((s) => s.id === speaker)) return doc;
  const tracks: Record<TrackKey, readonly TrackCue[]> = {};
  for (const [key, cues] of Object.entries(doc.tracks))
    tracks[key] = cues.map((c) =>
      c.id === cueId || (key !== track && overlaps(c, cue) && c.speaker === cue.speaker) ? { ...c, speaker } : c,
    );
  return { ...doc, tracks };
}

/** Merges speaker `from` into `into`: every cue of `from` becomes `into`'s, `from` leaves the list. */
export function mergeSpeakers(doc: EditorDoc, from: string, into: string): EditorDoc {
  const list = doc.speakers ?? [];
  if (from === into || !list.some((s) => s.id === from) || !list.some((s) => s.id === into)) return doc;
  const tracks: Record<TrackKey, readonly TrackCue[]> = {};
  for (const [key, cues] of Object.entries(doc.tracks))
    tracks[key] = cues.map((c) => (c.speaker === from ? { ...c, speaker: into } : c));
  return { ...doc, tracks, speakers: list.filter((s) => s.id !== from) };
}
