/**
 * Pure rules of the editor's tracks: validation of saved cues (INVALID_CUE), rule warnings per cue (the contract's
 * checkCues), conversion to the pipeline's Cue, dub segments of a track and what a re-dub would change.
 * Times are seconds.
 */
import { rulesFor } from '../../../../contract/cue-rules.ts';
import { toCue } from '../../../../contract/dub-segments.ts';
import { checkCues } from '../../../../contract/cues.ts';
import type { CueProblem } from '../../../../contract/errors.ts';
import type { TrackCue, TrackWarnings } from '../../../../contract/tracks.ts';
import type { TrackSpeaker } from '../../../../contract/speakers.ts';
import type { StoredTracks } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { segmentsFromCues } from '../../media/dub-segments.ts';
import type { SavedSync } from '../../media/sync-report.ts';
import { trackSyncOf, type TrackSync } from '../../../../contract/sync.ts';
import { voicedSeconds } from '../jobs/pricing.ts';
import type { DubSegment } from '../../media/dub-segments.ts';
import type { VoiceChoice } from '../../engines/engine-choice.ts';
import { assignSpeakerVoices } from '../../media/speaker-voices.ts';

const PROBLEM_TEXT: Record<CueProblem, string> = {
  end_before_start: 'its end is not after its start',
  overlap: 'it starts before the previous cue ends',
  negative_time: 'its times cannot be negative',
  empty_text: 'it has no text',
  beyond_media: 'it ends after the media does',
};

/** Seconds a cue may end after the media's measured length (rounding of the probe and of the cue times). */
const MEDIA_END_TOLERANCE = 0.5;

/** Times kept to the millisecond (the renders' precision). */
const ms = (t: number) => Math.round(t * 1000) / 1000;

/**
 * Checks and orders one track's cues: sorted by start, times to the millisecond, text trimmed per line.
 * `mediaSeconds`: the job's media length (seconds), when known: a cue ending more than half a second after it is
 * refused (issue 24: cue times up to 100,000 s on an 11 s video were priced as 5,000 credits of re-dub).
 * @throws AppError INVALID_CUE `{ track, cue_id, problem }` for negative times, end <= start, empty text,
 *   overlapping cues or a cue beyond the media; VALIDATION_FAILED for a cue id used twice.
 */
export function checkTrack(track: string, cues: TrackCue[], mediaSeconds?: number | null): TrackCue[] {
  const refuse = (cue: TrackCue, problem: CueProblem) => {
    throw new AppError('INVALID_CUE', `Cue ${cue.id} of the ${track} track is not valid: ${PROBLEM_TEXT[problem]}.`, {
      track,
      cue_id: cue.id,
      problem,
    });
  };
  const seen = new Set<string>();
  const out = cues.map((c) => {
    if (seen.has(c.id))
      throw new AppError('VALIDATION_FAILED', `Cue id ${c.id} is used twice in the ${track} track.`, {
        fields: { [`${track}.cues`]: `cue id ${c.id} is used twice` },
      });
    seen.add(c.id);
    const text = c.text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join('\n');
    if (c.start < 0 || c.end < 0) refuse(c, 'negative_time');
    if (!(ms(c.end) > ms(c.start))) refuse(c, 'end_before_start');
    if (!text) refuse(c, 'empty_text');
    if (mediaSeconds && c.end > mediaSeconds + MEDIA_END_TOLERANCE) refuse(c, 'beyond_media');
    return { id: c.id, start: ms(c.start), end: ms(c.end), text, ...(c.speaker ? { speaker: c.speaker } : {}) };
  });
  out.sort((a, b) => a.start - b.start);
  for (let i = 1; i < out.length; i++) if (out[i].start < out[i - 1].end) refuse(out[i], 'overlap');
  return out;
}

/** A track cue as the pipeline's Cue (contract/dub-segments.ts, shared with the editor's sync estimate). */
export { toCue };

/** Rule warnings of every track, per cue id (cues without any left out). */
export function warningsOf(tracks: StoredTracks): TrackWarnings {
  const out: TrackWarnings = {};
  const add = (key: string, language: string, cues: TrackCue[]) => {
    const found = checkCues(
      cues.map((c) => toCue(c, language)),
      language,
      rulesFor(language),
    );
    if (!found.length) return;
    const byCue: Record<string, { rule: (typeof found)[number]['rule']; detail: string }[]> = {};
    for (const v of found) (byCue[cues[v.cue].id] ??= []).push({ rule: v.rule, detail: v.detail });
    out[key] = byCue;
  };
  add('source', tracks.source.language, tracks.source.cues);
  for (const [lang, t] of Object.entries(tracks.targets)) add(lang, lang, t.cues);
  return out;
}

/**
 * The dub segments of a target track (the pipeline's rule, dub-segments.ts), each with its speaker's voice for
 * `language` from `speakers` (the engine's voice id, API id without `<engine>:`). `voice`: the language's voice
 * (the re-dub's plan), or only its engine's id (then a voice of another engine is left to the language's voice).
 * Given the plan's voice, a speaker heard in `cues` without a voice of that engine (one the editor added, issue
 * 38) gets one of its own (speakerVoicesOf): never silently the language's voice while another speaker has it.
 */
export function trackSegments(
  cues: TrackCue[],
  language: string,
  speakers: readonly TrackSpeaker[] = [],
  voice?: VoiceChoice | string,
): DubSegment[] {
  const segments = segmentsFromCues(
    cues.map((c) => toCue(c, language)),
    rulesFor(language).joiner,
  );
  const voices =
    typeof voice === 'object'
      ? speakerVoicesOf(segments, language, speakers, voice)
      : chosenVoices(language, speakers, voice);
  return segments.map((s) => (s.speaker && voices.has(s.speaker) ? { ...s, voice: voices.get(s.speaker) } : s));
}

/** Per speaker the voice chosen for `language` (engine voice id), only of `engineId` when given. */
function chosenVoices(language: string, speakers: readonly TrackSpeaker[], engineId?: string): Map<string, string> {
  const voices = new Map<string, string>();
  for (const sp of speakers) {
    const id = sp.voices[language];
    const at = id?.indexOf(':') ?? -1;
    if (id && at > 0 && (!engineId || id.slice(0, at) === engineId)) voices.set(sp.id, id.slice(at + 1));
  }
  return voices;
}

/**
 * The voice (engine voice id) of each speaker of `segments` in a dub by `choice`: the speaker's chosen voice of
 * that engine; speakers without one, in order of first appearance: the first gets the language's voice (no entry:
 * the segment keeps it, as a job of one speaker always did) unless a voiced speaker already speaks it, the others
 * a voice of the engine no speaker of the track has, while the engine has enough (speaker-voices.ts; their pitch
 * is unknown). Deterministic: the estimate and the re-dub give the same voices.
 */
export function speakerVoicesOf(
  segments: readonly DubSegment[],
  language: string,
  speakers: readonly TrackSpeaker[],
  choice: VoiceChoice,
): Map<string, string> {
  const voices = chosenVoices(language, speakers, choice.engine.id);
  const base = (id: string) => id.replace(/@\d{1,2}$/, '');
  const unvoiced = [...new Set(segments.flatMap((s) => (s.speaker && !voices.has(s.speaker) ? [s.speaker] : [])))];
  if (!unvoiced.length) return voices;
  const taken = [...voices.values()].map(base);
  if (!taken.includes(choice.voice.id)) {
    unvoiced.shift();
    taken.push(choice.voice.id);
  }
  const picked = assignSpeakerVoices({
    engineId: choice.engine.id,
    speakers: unvoiced.map((id) => ({ id, pitch: 0 })),
    voices: choice.offered,
    more: choice.engine.voices(language),
    taken,
  });
  for (const [id, v] of Object.entries(picked)) voices.set(id, v);
  return voices;
}

/**
 * The sync of a target track's cues (GET/PUT tracks, Shorten): contract/sync.ts trackSyncOf with the last dub's
 * report (`saved`): a segment unchanged since that dub keeps its measured sync, a changed one gets an estimated
 * status (`estimated: true`, issue 36) from the dub's speaking rate, and the summary counts the segments now with
 * `to_check`. Undefined when the track was never dubbed.
 */
export function cueSync(cues: TrackCue[], language: string, saved: SavedSync | null): TrackSync | undefined {
  return trackSyncOf(cues, language, saved);
}

/** Same text, slot, speaker and voice (issue 19: a segment given to another speaker or voice is voiced again). */
const sameSegment = (a: DubSegment, b: DubSegment) =>
  a.text === b.text &&
  Math.abs(a.start - b.start) < 0.0005 &&
  Math.abs(a.end - b.end) < 0.0005 &&
  (a.speaker ?? '') === (b.speaker ?? '') &&
  (a.voice ?? '') === (b.voice ?? '');

/**
 * What a re-dub of one language changes: the new segments whose text, slot, speaker or voice differs from every segment of the
 * last dub (`before`; null when unknown: all change), how many of the last dub's are gone, and the seconds priced:
 * per changed segment the larger of its slot and its text's speaking time (pricing.ts voicedSeconds), so the price
 * follows what is synthesised.
 */
export function redubChanges(
  now: DubSegment[],
  before: DubSegment[] | null,
): { changed: DubSegment[]; removed: number; seconds: number } {
  const changed = before ? now.filter((s) => !before.some((b) => sameSegment(s, b))) : now;
  const removed = before ? before.filter((b) => !now.some((s) => sameSegment(s, b))).length : 0;
  return {
    changed,
    removed,
    seconds: changed.reduce((n, s) => n + Math.max(s.end - s.start, voicedSeconds(s.text)), 0),
  };
}
