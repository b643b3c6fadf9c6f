/**
 * Tracks and revisions (the editor): the editable cues of a completed media job, one source track and one track
 * per target language, saved as numbered revisions. The job's subtitle outputs are renders of the latest
 * revision; a re-dub voices only the segments whose text or timing changed since the last dub.
 * Times are seconds from the start of the media (floats, millisecond precision in the renders).
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';
import { CUE_RULES } from './cues.ts';
import { LanguageCode } from './languages.ts';
import { SyncCounts, TrackSync } from './sync.ts';
import { SpeakerId, TrackSpeakers } from './speakers.ts';
import { GlossaryFlags } from './glossary.ts';

/**
 * One editable cue: `id` is stable across saves (the editor keeps it when it changes the text or times; new
 * cues get new ids, e.g. a UUID made by the client), `start < end`, `text` is the cue's lines joined by '\n',
 * `speaker` the id of who says it (contract/speakers.ts; absent when the job has no speakers).
 */
/**
 * A lone UTF-16 surrogate (`"\ud800"` in JSON) is no character: no database or file can store it (issue 24: a cue
 * holding one answered 500).
 */
const BROKEN_CHARACTER = 'The text holds a broken character.';
const wellFormed = v.check((s: string) => !/[\ud800-\udfff]/u.test(s), BROKEN_CHARACTER);

export const TrackCue = v.object({
  id: v.pipe(v.string('a cue id is required'), v.minLength(1, 'a cue id is required'), v.maxLength(64), wellFormed),
  // Negative times are refused by the service as INVALID_CUE (negative_time), naming the cue.
  start: finiteNumber('start is a number of seconds'),
  end: finiteNumber('end is a number of seconds'),
  text: v.pipe(v.string('text is required'), v.maxLength(1000, 'a cue holds at most 1000 characters'), wellFormed),
  speaker: v.optional(SpeakerId),
});
export type TrackCue = v.InferOutput<typeof TrackCue>;

/** The cues of one track, in order of time; at most 10,000 per track. */
export const TrackCues = v.pipe(v.array(TrackCue), v.maxLength(10_000, 'a track holds at most 10,000 cues'));

/**
 * Largest body of PUT /v1/jobs/{id}/tracks, bytes (issue 24 item 7; the API's default is 64 KB, a 600-cue track of
 * a 30-minute video is 84 KB): 10,000 cues (TrackCues) of a full Netflix subtitle (2 lines of 42 characters, up to
 * 3 bytes a character in UTF-8) with a 64-character id and both times take about 400 bytes each as JSON, 4 MB a
 * track; the limit fits the source and three target tracks saved at once.
 */
export const SAVE_TRACKS_MAX_BYTES = 16 * 1024 * 1024;

/**
 * A subtitle rule a cue breaks (contract/cues.ts `checkCues`): a warning, never a refusal. `detail` is English
 * for API users (the web words the rule itself).
 */
export const CueWarning = v.object({ rule: v.picklist(CUE_RULES), detail: v.string() });
export type CueWarning = v.InferOutput<typeof CueWarning>;

/** Warnings per track and cue id: `{ source: { cueId: [...] }, es: { cueId: [...] } }`; cues without any are left out. */
export const TrackWarnings = v.record(v.string(), v.record(v.string(), v.array(CueWarning)));
export type TrackWarnings = v.InferOutput<typeof TrackWarnings>;

/** GET /v1/jobs/{id}/tracks (and the answer of every call that makes a new revision). */
export const TracksResponse = v.object({
  revision: finiteNumber(),
  source: v.object({ language: v.string(), cues: v.array(TrackCue) }),
  /**
   * Keyed by target language (base code), for every target of the job. `sync` (dubbed targets): per cue the
   * sync of its dub segment and the track's segments per status (contract/sync.ts).
   */
  targets: v.record(v.string(), v.object({ cues: v.array(TrackCue), sync: v.optional(TrackSync) })),
  /** Who speaks (issue 19): names and per-language voices; empty (or absent) when the job has one speaker. */
  speakers: v.optional(TrackSpeakers),
  warnings: TrackWarnings,
  /** Target cues missing a glossary term's required rendering (contract/glossary.ts); absent: no glossary. */
  glossary: v.optional(GlossaryFlags),
});
export type TracksResponse = v.InferOutput<typeof TracksResponse>;

/**
 * PUT /v1/jobs/{id}/tracks: saves revision `revision + 1` from the tracks given (tracks left out stay as they
 * are). Refused with 409 REVISION_CONFLICT when `revision` is not the latest, 400 INVALID_CUE naming the cue for
 * end <= start, overlapping cues, negative times or empty text; `speakers` (optional: the whole list, renamed,
 * merged, re-voiced, or with speakers added: the editor's "new speaker" and "split") refused with 400
 * UNKNOWN_SPEAKER `{ track, cue_id, speaker }` when a cue names a speaker not in it, 400 VALIDATION_FAILED when a
 * voice is not one of the language's voices.
 */
export const SaveTracksRequest = v.object({
  revision: v.pipe(finiteNumber('revision is required'), v.integer('revision is a whole number'), v.minValue(1)),
  source: v.optional(v.object({ cues: TrackCues })),
  targets: v.optional(v.record(LanguageCode, v.object({ cues: TrackCues }))),
  speakers: v.optional(TrackSpeakers),
});
export type SaveTracksRequest = v.InferOutput<typeof SaveTracksRequest>;

/** POST /v1/jobs/{id}/translate-again: machine-translates the current source cues again (all, or `cue_ids`). */
export const TranslateAgainRequest = v.object({
  languages: v.pipe(v.array(LanguageCode), v.minLength(1, 'Please select at least one target language')),
  cue_ids: v.optional(v.array(v.string())),
});
export type TranslateAgainRequest = v.InferOutput<typeof TranslateAgainRequest>;

/** POST /v1/jobs/{id}/redub and /redub/estimate: the target languages to voice again. */
export const RedubRequest = v.object({
  languages: v.pipe(v.array(LanguageCode), v.minLength(1, 'Please select at least one target language')),
});
export type RedubRequest = v.InferOutput<typeof RedubRequest>;

/**
 * POST /v1/jobs/{id}/redub/estimate: what a re-dub would do and cost. Per language the segments in all and those
 * whose text or timing changed since the last dub; `seconds` is what is voiced: per changed segment the larger of
 * its slot and its text's speaking time (15 characters a second); `credits` the price (the voice-over rate for
 * those seconds; the rounding is stated in docs/api.md, "Editing tracks").
 */
export const RedubEstimateResponse = v.object({
  credits: finiteNumber(),
  balance: finiteNumber(),
  seconds: finiteNumber(),
  languages: v.record(v.string(), v.object({ segments_total: finiteNumber(), segments_changed: finiteNumber() })),
});
export type RedubEstimateResponse = v.InferOutput<typeof RedubEstimateResponse>;

/** What made a revision. */
export const REVISION_ORIGINS = ['pipeline', 'edit', 'translate_again', 'restore'] as const;
export type RevisionOrigin = (typeof REVISION_ORIGINS)[number];

/** GET /v1/jobs/{id}/revisions: newest first. `created_at` ISO 8601. */
export const RevisionsResponse = v.object({
  revisions: v.array(
    v.object({ revision: finiteNumber(), origin: v.picklist(REVISION_ORIGINS), created_at: v.string() }),
  ),
});
export type RevisionsResponse = v.InferOutput<typeof RevisionsResponse>;

/**
 * Per target language, what the last dub did (JobResponse `dub_segments`): the segments of the track and how many
 * were synthesised (the others reused their stored clip); `sync` the segments per sync status and `sync_shares`
 * their share (0..1) of the segments (contract/sync.ts; dubs made before issue 20 have neither).
 */
export const DubSegmentsReport = v.record(
  v.string(),
  v.object({
    segments_total: finiteNumber(),
    segments_synthesized: finiteNumber(),
    sync: v.optional(SyncCounts),
    sync_shares: v.optional(SyncCounts),
    /**
     * Per speaker (`S1`…) the voice (`<engine>:<voice>`) their lines were dubbed with, when the dub gave speakers
     * voices of their own (issue 39 item 6); absent for one speaker.
     */
    speaker_voices: v.optional(v.record(v.string(), v.string())),
  }),
);
export type DubSegmentsReport = v.InferOutput<typeof DubSegmentsReport>;
