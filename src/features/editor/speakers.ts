/**
 * The editor's speakers (issue 19 item 4): a colour per speaker, and the pure edits on them (rename, choose a voice,
 * move a cue to another speaker, merge two speakers; issue 38: a new speaker from chosen cues, split a speaker). Like model.ts, every edit returns a new document, or the
 * same one when nothing changes. Speakers are saved with the tracks (PUT /v1/jobs/{id}/tracks `speakers`).
 */
import type { TrackCue } from '../../../contract/tracks.ts';
import { defaultSpeakerName, MAX_SPEAKERS, type TrackSpeaker } from '../../../contract/speakers.ts';
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

/**
 * The id of a speaker added to `speakers` (issue 38): `S<n>` of the smallest number not taken, so the new speaker's
 * colour (by number, SPEAKER_COLOURS) is one no other speaker has; null when the job has MAX_SPEAKERS already.
 */
export function nextSpeakerId(speakers: readonly { id: string }[] | undefined): string | null {
  const taken = new Set((speakers ?? []).map((s) => s.id));
  for (let n = 1; n <= MAX_SPEAKERS; n++) if (!taken.has(`S${n}`)) return `S${n}`;
  return null;
}

/**
 * A voice for a new speaker in each dubbed language (`languages`, base codes) that no one in the dub has yet:
 * among `offered[lang]` (GET /v1/capabilities' voice ids `<engine>:<voice>`, best first) the first of the engine
 * the language is dubbed with (the job's `voices[lang]`) that is neither another speaker's voice, the job's voice
 * (what a speaker without a voice speaks) nor one of `used[lang]` (the last dub's `speaker_voices`); espeak-ng's
 * `@<pitch>` is ignored. A language without a free voice is left out (the re-dub then picks one, server side).
 */
export function freeVoices(
  speakers: readonly TrackSpeaker[],
  languages: readonly string[],
  offered: Readonly<Record<string, readonly { id: string }[]>>,
  jobVoices: Readonly<Record<string, string>> = {},
  used: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): Record<string, string> {
  const base = (id: string) => id.replace(/@\d{1,2}$/, '');
  const out: Record<string, string> = {};
  for (const lang of languages) {
    const jobVoice = jobVoices[lang];
    const voiced = speakers.flatMap((s) => (s.voices[lang] ? [s.voices[lang]] : []));
    const engine = (jobVoice ?? voiced[0])?.split(':')[0];
    const taken = new Set([...voiced, ...Object.values(used[lang] ?? {}), ...(jobVoice ? [jobVoice] : [])].map(base));
    const free = (offered[lang] ?? []).find(
      (v) => (!engine || v.id.split(':')[0] === engine) && !taken.has(base(v.id)),
    );
    if (free) out[lang] = free.id;
  }
  return out;
}

/**
 * Gives cues `cueIds` of `track` to speaker `speaker`, each with the cues of the other tracks said at the same time
 * by the same speaker (as setCueSpeaker does for one cue).
 */
function moveCues(doc: EditorDoc, track: TrackKey, cueIds: ReadonlySet<string>, speaker: string): EditorDoc {
  const moving = (doc.tracks[track] ?? []).filter((c) => cueIds.has(c.id));
  const tracks: Record<TrackKey, readonly TrackCue[]> = {};
  for (const [key, cues] of Object.entries(doc.tracks))
    tracks[key] = cues.map((c) =>
      (key === track && cueIds.has(c.id)) ||
      (key !== track && moving.some((m) => overlaps(c, m) && c.speaker === m.speaker))
        ? { ...c, speaker }
        : c,
    );
  return { ...doc, tracks };
}

/**
 * "New speaker from these cues" (issue 38): cues `cueIds` of `track` (and what the other tracks say at the same
 * time) become a new speaker: id nextSpeakerId, the stored default name ("Speaker 3", shown in the interface
 * language, speaker-name.ts), its own colour, `voices` per language (freeVoices). A document without speakers
 * first gives every cue to S1, so the chosen cues become S2. Same document when no cue of `track` is named or the
 * job has MAX_SPEAKERS.
 */
export function newSpeakerFromCues(
  doc: EditorDoc,
  track: TrackKey,
  cueIds: readonly string[],
  voices: Record<string, string> = {},
): EditorDoc {
  const ids = new Set(cueIds);
  if (!(doc.tracks[track] ?? []).some((c) => ids.has(c.id))) return doc;
  let base = doc;
  if (!doc.speakers?.length) {
    const tracks: Record<TrackKey, readonly TrackCue[]> = {};
    for (const [key, cues] of Object.entries(doc.tracks)) tracks[key] = cues.map((c) => ({ ...c, speaker: 'S1' }));
    base = { ...doc, tracks, speakers: [{ id: 'S1', name: defaultSpeakerName('S1'), voices: {} }] };
  }
  const id = nextSpeakerId(base.speakers);
  if (!id) return doc;
  const moved = moveCues(base, track, ids, id);
  return { ...moved, speakers: [...(base.speakers ?? []), { id, name: defaultSpeakerName(id), voices }] };
}

/** How many cues of speaker `id` (all tracks) a split at `at` seconds moves (those ending after `at`) and keeps. */
function cuesFrom(doc: EditorDoc, id: string, at: number): { moving: number; staying: number } {
  let moving = 0;
  let staying = 0;
  for (const cues of Object.values(doc.tracks))
    for (const c of cues) {
      if (c.speaker !== id) continue;
      if (c.end > at) moving++;
      else staying++;
    }
  return { moving, staying };
}

/** Whether splitSpeaker(doc, id, at) changes anything: the speaker has cues both before `at` and after it. */
export function canSplitSpeaker(doc: EditorDoc, id: string, at: number): boolean {
  const n = cuesFrom(doc, id, at);
  return n.moving > 0 && n.staying > 0 && nextSpeakerId(doc.speakers) !== null;
}

/**
 * "Split this speaker" (issue 38): the cues of speaker `id` that end after `at` (seconds: the playhead; the cue
 * under it included), in every track, become a new speaker (id, name and colour as newSpeakerFromCues, `voices` per
 * language). Same document when that would move none or all of the speaker's cues, or the job is full.
 */
export function splitSpeaker(doc: EditorDoc, id: string, at: number, voices: Record<string, string> = {}): EditorDoc {
  if (!canSplitSpeaker(doc, id, at)) return doc;
  const next = nextSpeakerId(doc.speakers)!;
  const tracks: Record<TrackKey, readonly TrackCue[]> = {};
  for (const [key, cues] of Object.entries(doc.tracks))
    tracks[key] = cues.map((c) => (c.speaker === id && c.end > at ? { ...c, speaker: next } : c));
  return { ...doc, tracks, speakers: [...(doc.speakers ?? []), { id: next, name: defaultSpeakerName(next), voices }] };
}
