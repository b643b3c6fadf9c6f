/**
 * The vocabulary of jobs (spec section 3 "Job (history item)" and section 4 "Job status") and the API's job
 * request and response schemas. The server types its columns and answers from these; the web app parses the
 * answers with the same schemas and labels every value through a `Record<...>`, so a new stage, status or output
 * kind without a label fails the type check.
 */
import * as v from 'valibot';
import { JobStarter } from './teams.ts';
import { finiteNumber } from './numbers.ts';
import { ERROR_CODES } from './errors.ts';
import { VoiceChoices } from './capabilities.ts';
import { LanguageCode, SourceLanguageCode } from './languages.ts';
import { DubSegmentsReport } from './tracks.ts';
import { DocumentOutputEntry, JobOutput, MediaOutputEntry } from './outputs.ts';

// The outputs' vocabulary (kinds, render paths, where each sits in output_files) is defined in outputs.ts.
export * from './outputs.ts';

/** Job types (spec section 3). */
export const JOB_TYPES = ['video_translation', 'document_translation'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** Job statuses (spec section 4): queued -> processing -> completed | failed; 'canceled' when stopped. */
export const JOB_STATUSES = ['queued', 'processing', 'completed', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Statuses of a job that has not finished. */
export const ACTIVE_JOB_STATUSES = ['queued', 'processing'] as const satisfies readonly JobStatus[];

/**
 * Whose job it is, as seen by the person reading the list (issue 38 item 2): 'team' for a job of the team account
 * they act for, 'personal' for their own job from before they joined (it stays theirs and goes with them when they
 * leave). Outside any team every job is 'personal'.
 */
export const JOB_SCOPES = ['personal', 'team'] as const;
export type JobScope = (typeof JOB_SCOPES)[number];

/** Services a job can run (spec section 3 `services_requested`). */
export const SERVICES = ['subtitle', 'voice_over', 'burned_subtitles', 'document'] as const;
export type Service = (typeof SERVICES)[number];
/**
 * The priced rates (GET /v1/plans `rates`): every service, and `voice_clone`, the voice-over rate of a job dubbed
 * in the speakers' own voices (spec section 9: custom voice cloning, 5 credits per minute per language).
 */
export const RATE_KEYS = [...SERVICES, 'voice_clone'] as const;
export type RateKey = (typeof RATE_KEYS)[number];
/**
 * Services of a video or audio job. 'burned_subtitles': the subtitles rendered into the picture (an MP4 per target
 * language, `{name}_{lang}_subtitled.mp4`, styled by `subtitle_style`); video input only.
 */
export const MEDIA_SERVICES = ['subtitle', 'voice_over', 'burned_subtitles'] as const satisfies readonly Service[];
export type MediaService = (typeof MEDIA_SERVICES)[number];

/** Voice-over modes (spec section 4): 'manual' is labelled Standard, 'dubbing' Premium (the default). */
export const VOICE_OVER_MODES = ['manual', 'dubbing'] as const;
export type VoiceOverMode = (typeof VOICE_OVER_MODES)[number];

/**
 * Stages of the media pipeline, in the order they run. A job reports the stage it is in while processing; the
 * pipeline's progress weights and the web's labels are both `Record<MediaStage, ...>`.
 */
export const MEDIA_STAGES = [
  'probe',
  'transcribe',
  'speakers',
  'cues',
  'translate',
  'subtitles',
  'voice_over',
  'finalize',
] as const;
export type MediaStage = (typeof MEDIA_STAGES)[number];

/**
 * Every stage a job can report (`stage`): the worker's own steps around the pipeline ('starting' when claimed,
 * 'fetching' the input, 'storing' the outputs, 'retrying' after a failed try, 'done', 'failed'), the media stages
 * and the document translation ('translating').
 */
export const JOB_STAGES = [
  'starting',
  'fetching',
  ...MEDIA_STAGES,
  'translating',
  'storing',
  'retrying',
  'done',
  'failed',
] as const;
export type JobStage = (typeof JOB_STAGES)[number];

/**
 * Notes a finished job reports to its user (`notes[].code`), for example the language assumed for 'auto'.
 * `text` is the English sentence; `params` the values the sentence names.
 */
export const JOB_NOTE_CODES = [
  'LANGUAGE_ASSUMED',
  'LANGUAGE_DETECTED',
  'OWN_SUBTITLES_USED',
  'TRANSCRIPT_SYNCED',
  'VOICE_OVER_RUSHED',
  // Issue 20 item 3: "Keep voices natural" slowed the picture; params `language`, `seconds` added to the MP4.
  'VIDEO_SLOWED',
  // Issue 21 item 4: a speaker with too little speech to clone kept a regular voice.
  'VOICE_CLONE_SKIPPED',
  // Issue 20 item 4: paragraphs of a translated document missing a glossary term's required rendering.
  'GLOSSARY_TERMS_MISSING',
  // Issue 39 item 2: the first recogniser refused (key, limit, quota) and another configured one recognised the
  // speech; params `language` (the source), `engine` (the one used), `failed`, `reason` (quota, refused...).
  'SPEECH_ENGINE_FALLBACK',
] as const;
export type JobNoteCode = (typeof JOB_NOTE_CODES)[number];

export const JobNote = v.object({
  code: v.picklist(JOB_NOTE_CODES),
  text: v.string(),
  params: v.optional(v.record(v.string(), v.union([v.string(), finiteNumber()]))),
});
export type JobNote = v.InferOutput<typeof JobNote>;

const MediaUrl = v.pipe(
  v.string('media_url is required'),
  v.trim(),
  v.minLength(1, 'media_url is required'),
  v.maxLength(2048, 'media_url is too long'),
);
const TargetLanguages = v.pipe(
  v.array(LanguageCode, 'target_languages must be a list of language codes'),
  v.minLength(1, 'Please select at least one target language'),
  v.maxLength(20, 'at most 20 target languages'),
);

/** A colour as `#RRGGBB` (the message is shown to users as it is: the studio picks the colour). */
const HexColour = v.pipe(
  v.string('Choose a colour for the subtitles.'),
  v.regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour for the subtitles.'),
);

/**
 * How burned-in subtitles look (service burned_subtitles; also `bilingual` for SRT/VTT). `font_size`: pixels of a
 * 1080-pixel-high picture (scaled to the video), 16-96, default 48; `colour` of the text (default #FFFFFF);
 * `background`: 'outline' (a dark outline, default) or 'box' (an opaque dark box); `position`: 'bottom' (default)
 * or 'top'; `bilingual`: the source line above the target line (burned-in, SRT and VTT).
 */
const FONT_SIZE_MESSAGE = 'Choose a font size from 16 to 96.';
// A strict object: a list (`[1, 2]`, whose keys are 0 and 1) or a key of no style is refused, not read as the
// default style (issue 24).
export const SubtitleStyle = v.strictObject(
  {
    font_size: v.optional(
      v.pipe(
        finiteNumber(FONT_SIZE_MESSAGE),
        v.integer(FONT_SIZE_MESSAGE),
        v.minValue(16, FONT_SIZE_MESSAGE),
        v.maxValue(96, FONT_SIZE_MESSAGE),
      ),
      48,
    ),
    colour: v.optional(HexColour, '#FFFFFF'),
    background: v.optional(
      v.picklist(['outline', 'box'], 'Choose an outline or a box behind the subtitles.'),
      'outline',
    ),
    position: v.optional(
      v.picklist(['bottom', 'top'], 'Choose the top or the bottom of the picture for the subtitles.'),
      'bottom',
    ),
    bilingual: v.optional(v.boolean('Turn bilingual subtitles on or off.'), false),
  },
  'The subtitle style is not valid.',
);
export type SubtitleStyle = v.InferOutput<typeof SubtitleStyle>;

/** Most speakers a job can ask for (`num_speakers`); the studio offers Auto and 1 … MAX_SPEAKERS (issue 19). */
export const MAX_SPEAKERS = 8;
const SPEAKERS_MESSAGE = `Choose Auto or 1 to ${MAX_SPEAKERS} speakers.`;
/**
 * How many people speak in the media (issue 19): 1 … MAX_SPEAKERS; absent or null = Auto (the speakers stage finds
 * the number). 1 skips the speakers stage: every cue is one speaker's.
 */
export const NumSpeakers = v.nullable(
  v.pipe(
    finiteNumber(SPEAKERS_MESSAGE),
    v.integer(SPEAKERS_MESSAGE),
    v.minValue(1, SPEAKERS_MESSAGE),
    v.maxValue(MAX_SPEAKERS, SPEAKERS_MESSAGE),
  ),
);

/** POST /v1/jobs/translate (spec section 3 "Translate job request (video)"). */
export const TranslateJobRequest = v.object({
  media_url: MediaUrl,
  source_language: v.optional(SourceLanguageCode, 'auto'),
  target_languages: TargetLanguages,
  services_to_run: v.pipe(
    v.array(v.picklist(MEDIA_SERVICES, 'services_to_run holds subtitle and/or voice_over')),
    v.minLength(1, 'Choose subtitles, voice-over or both'),
  ),
  // Spec section 4: 'dubbing' (Premium) is the default.
  voice_over_mode: v.optional(v.picklist(VOICE_OVER_MODES, "voice_over_mode is 'manual' or 'dubbing'"), 'dubbing'),
  /**
   * The voice per target language (ids from GET /v1/capabilities); checked at submission (VOICE_NOT_AVAILABLE).
   * Target languages without one get the mode's default voice; ignored without voice_over.
   */
  voices: v.optional(VoiceChoices),
  /**
   * The user's own words instead of speech recognition: the `file_url` of an uploaded .srt or .vtt (timed cues,
   * used as the source cues; only cues breaking the subtitle rules are re-cut) or .txt (a transcript with no times,
   * aligned to the speech by auto-sync). Requires `source_language` (not 'auto'): SOURCE_LANGUAGE_REQUIRED.
   */
  source_subtitles_url: v.optional(MediaUrl),
  /** Style of burned-in subtitles, and `bilingual` for every subtitle output. */
  subtitle_style: v.optional(SubtitleStyle),
  /** How many people speak: 1 … 8, or absent/null for Auto (issue 19); 1 skips the speakers stage. */
  num_speakers: v.optional(NumSpeakers),
  /**
   * "Keep voices natural" (issue 20 item 3): where a dub line would need its voice sped up beyond 1.15x, the dubbed
   * MP4 slows the picture over that span instead (at most 1.25x slower), so it becomes longer than the input; its
   * subtitles (`voice_over.srt_url`, `voice_over.vtt_url`) follow the new timeline and the note VIDEO_SLOWED gives
   * the seconds added. The MP3 keeps the input's length. Ignored (the job answers false) without voice_over or for
   * an input with no picture: there is no dubbed MP4 to slow.
   */
  keep_voices_natural: v.optional(v.boolean('keep_voices_natural is true or false'), false),
  /**
   * Voice-over in the speakers' own voices (issue 21 item 4): every speaker of the job is cloned from their own
   * speech and dubbed with the clone; priced at the `voice_clone` rate instead of `voice_over`. Requires
   * `voice_clone_consent: true` (VOICE_CLONE_CONSENT_REQUIRED) and a cloning engine (VOICE_CLONE_NOT_AVAILABLE);
   * ignored without voice_over.
   */
  voice_clone: v.optional(v.boolean('voice_clone is true or false')),
  /** The user states they have the right to clone the voices of this media (stored with the job, with its time). */
  voice_clone_consent: v.optional(v.boolean('voice_clone_consent is true or false')),
  /**
   * "Remove the original speech, keep the rest" (issue 21 item 4): the dub is mixed over the original's music and
   * sounds with its speech removed by a voice separation engine, instead of over the whole original lowered by 18 dB
   * under the voice. Needs a separation engine (GET /v1/capabilities `voice_separation`; SEPARATION_NOT_AVAILABLE
   * otherwise); ignored (the job answers false) without voice_over. No extra price.
   */
  remove_original_speech: v.optional(v.boolean('remove_original_speech is true or false'), false),
});
export type TranslateJobRequest = v.InferOutput<typeof TranslateJobRequest>;

/** POST /v1/documents/translate (spec section 3 "Translate job request (document)"). */
export const DocumentJobRequest = v.object({
  media_url: MediaUrl,
  source_language: v.pipe(
    LanguageCode,
    v.check((s) => s !== 'auto', 'Choose the language the document is written in'),
  ),
  target_languages: TargetLanguages,
  services_to_run: v.optional(v.array(v.literal('document', "services_to_run is ['document']")), ['document']),
});
export type DocumentJobRequest = v.InferOutput<typeof DocumentJobRequest>;

/** POST /v1/jobs/estimate: the price the same submission would be charged. */
export const EstimateRequest = v.object({
  media_url: MediaUrl,
  /** The job's source language: a target in the same language is priced as captions (no voice-over). */
  source_language: v.optional(SourceLanguageCode),
  target_languages: TargetLanguages,
  services_to_run: v.pipe(v.array(v.picklist(SERVICES)), v.minLength(1, 'Choose at least one service')),
  /** Voice-over in the speakers' own voices: priced at the `voice_clone` rate instead of `voice_over`. */
  voice_clone: v.optional(v.boolean()),
});
export type EstimateRequest = v.InferOutput<typeof EstimateRequest>;

/** GET /v1/jobs/?limit=N (newest first; 200 by default, at most 1,000). */
export const ListJobsQuery = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.integer('limit is a whole number'),
      v.minValue(1, 'limit is at least 1'),
      v.maxValue(1000, 'limit is at most 1000'),
    ),
    '200',
  ),
});

/** Units a service is priced by: minutes of media, words of text. */
export const PRICE_UNITS = ['minute', 'word'] as const;

/** One line of a price: a service for one language. Quantity in minutes (media) or words (documents). */
export const PriceLine = v.object({
  language: v.string(),
  service: v.picklist(SERVICES),
  quantity: finiteNumber(),
  unit: v.picklist(PRICE_UNITS),
  credits: finiteNumber(),
});
export type PriceLine = v.InferOutput<typeof PriceLine>;

/** POST /v1/jobs/estimate answer: credits it costs, the balance, and the measured length or words. */
export const EstimateResponse = v.object({
  credits: finiteNumber(),
  balance: finiteNumber(),
  media_seconds: v.optional(finiteNumber()),
  word_count: v.optional(finiteNumber()),
  breakdown: v.array(PriceLine),
});
export type EstimateResponse = v.InferOutput<typeof EstimateResponse>;

/** A job as GET /v1/jobs/ and GET /v1/jobs/{id} answer it (spec section 3 plus progress, stage, error, notes). */
export const JobResponse = v.object({
  id: v.string(),
  original_filename: v.string(),
  job_type: v.picklist(JOB_TYPES),
  services_requested: v.array(v.picklist(SERVICES)),
  source_language: v.string(),
  target_languages: v.array(v.string()),
  voice_over_mode: v.nullable(v.picklist(VOICE_OVER_MODES)),
  /** The request's `num_speakers`: 1 … 8, null for Auto (issue 19). */
  num_speakers: v.optional(v.nullable(finiteNumber())),
  /** The request's `keep_voices_natural` as applied (false when ignored: no voice-over or no picture). */
  keep_voices_natural: v.optional(v.boolean()),
  /** The request's `voice_clone`: the voice-over speaks in the speakers' own voices (issue 21 item 4). */
  voice_clone: v.optional(v.boolean()),
  /** The request's `remove_original_speech` as applied (false when ignored: no voice-over). */
  remove_original_speech: v.optional(v.boolean()),
  source_file_url: v.string(),
  status: v.picklist(JOB_STATUSES),
  /** The reservation while the job runs, the charge once completed, 0 after a release. Credits. */
  credits_used: finiteNumber(),
  /** ISO 8601. */
  created_at: v.string(),
  /** 0-100. */
  progress: finiteNumber(),
  stage: v.nullable(v.picklist(JOB_STAGES)),
  /** English text of a failure (API users); the web shows `error_code` in the user's language. */
  error: v.nullable(v.string()),
  error_code: v.nullable(v.picklist(ERROR_CODES)),
  /** True when the uploaded source was deleted after the retention period (Retry is then impossible). */
  source_expired: v.boolean(),
  notes: v.array(JobNote),
  /**
   * Voice-over jobs: the voice id per target language (base code): the user's choices while the job waits or
   * runs, the voice each dub was made with once it is completed (with a voice per speaker: the first speaker's;
   * every speaker's is in `dub_segments[lang].speaker_voices`).
   */
  voices: v.optional(v.record(v.string(), v.string())),
  /** The latest revision of the job's editable tracks (completed media jobs); null when it has none. */
  tracks_revision: v.optional(v.nullable(finiteNumber())),
  /**
   * Media jobs: how many cues the quality check of the latest revision asks a human to look at (an error or a warning:
   * GET /v1/jobs/{id}/quality lists them); absent before the check ran.
   */
  to_review: v.optional(finiteNumber()),
  /** Voice-over jobs: what the last dub synthesised per target language (a re-dub reuses unchanged clips). */
  dub_segments: v.optional(DubSegmentsReport),
  /**
   * Keyed by target language (spec section 3); filled once the job is completed. The document entry is tried first:
   * the media entry is a plain object, which would accept `{ docx_url }` and drop its unknown key.
   */
  output_files: v.record(v.string(), v.union([DocumentOutputEntry, MediaOutputEntry])),
  /**
   * Every output file with the revision it renders and whether it is stale (completed jobs; absent in answers
   * written before issue 36). `output_files` holds the current ones only.
   */
  outputs: v.optional(v.array(JobOutput)),
  /** Team jobs (issue 23): the member who started it; null or absent for a job outside any team. */
  started_by: v.optional(v.nullable(JobStarter)),
  /** Whose job it is for the reader (JOB_SCOPES); absent in answers written before issue 38. */
  scope: v.optional(v.picklist(JOB_SCOPES)),
});
export type JobResponse = v.InferOutput<typeof JobResponse>;

export const JobListResponse = v.array(JobResponse);

/** GET /v1/jobs/status: the user's unfinished jobs and those finished in the last 10 minutes. */
export const JobStatusesResponse = v.object({
  jobs: v.array(
    v.object({
      id: v.string(),
      status: v.picklist(JOB_STATUSES),
      progress: finiteNumber(),
      stage: v.nullable(v.picklist(JOB_STAGES)),
      error: v.nullable(v.string()),
      error_code: v.nullable(v.picklist(ERROR_CODES)),
    }),
  ),
});
export type JobStatusesResponse = v.InferOutput<typeof JobStatusesResponse>;

/** A plain success answer (`DELETE /v1/jobs/{id}`, most auth calls): the web reads `statusCode` (spec 7). */
export const MessageResponse = v.object({ statusCode: finiteNumber(), message: v.string() });
export type MessageResponse = v.InferOutput<typeof MessageResponse>;
