/** Uploads, translation jobs and their output files. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ErrorCode } from '../../../../contract/errors.ts';
import type {
  JobNote,
  JobStage,
  JobStatus,
  JobType,
  OutputKind,
  SubtitleStyle,
  Service,
  VoiceOverMode,
} from '../../../../contract/jobs.ts';
import type { UploadKind } from '../../../../contract/uploads.ts';
import type { GlossarySnapshot } from '../../../../contract/glossary.ts';
import type { DubSegmentsReport, RevisionOrigin, TrackCue } from '../../../../contract/tracks.ts';
import type { TrackSpeaker } from '../../../../contract/speakers.ts';
import { users } from './users.schema.ts';

/** A file a user uploaded (signed PUT or tus). `storageKey` locates it in the file storage. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    /** 'media' (video/audio) or 'document' (.docx, .xlsx, .srt, .vtt). */
    kind: text('kind').$type<UploadKind>().notNull(),
    storageKey: text('storage_key').notNull(),
    /** pending -> complete | rejected; complete -> expired after the retention period. */
    status: text('status').notNull().default('pending'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** The charset a text upload (.txt, .srt, .vtt) was declared in, a WHATWG encoding label; null: none. */
    declaredCharset: text('declared_charset'),
    tusId: text('tus_id'),
    /** Media duration in seconds (ffprobe), for pricing. */
    durationSeconds: doublePrecision('duration_seconds'),
    /** Whether the media has a picture (a video stream, not cover art; ffprobe); null: not probed for it. */
    hasVideo: boolean('has_video'),
    /** Words a document translation would translate, for pricing. */
    wordCount: integer('word_count'),
    /** Why the content was refused: a contract error code and its English message. */
    rejectCode: text('reject_code').$type<ErrorCode>(),
    rejectReason: text('reject_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('uploads_user_idx').on(t.userId), uniqueIndex('uploads_tus_id_key').on(t.tusId)],
);

/** A translation job (spec section 3, "Job (history item)") plus progress, stage and error. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobType: text('job_type').$type<JobType>().notNull(),
    servicesRequested: text('services_requested').array().$type<Service[]>().notNull(),
    sourceLanguage: text('source_language').notNull(),
    targetLanguages: text('target_languages').array().notNull(),
    /** Video jobs with voice_over only. */
    voiceOverMode: text('voice_over_mode').$type<VoiceOverMode>(),
    originalFilename: text('original_filename').notNull(),
    /** The media_url the user submitted (a file_url of an upload, or a YouTube link). */
    sourceFileUrl: text('source_file_url').notNull(),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    stage: text('stage').$type<JobStage>(),
    /** English message of a failure (API users); `errorCode` is what the web app words in the user's language. */
    error: text('error'),
    errorCode: text('error_code').$type<ErrorCode>(),
    /** Technical detail of a failure (engine or library output) for support; never sent to users. */
    errorDetail: text('error_detail'),
    /** Credits reserved at submission; turned into a charge on completion, released on failure. */
    creditsReserved: integer('credits_reserved').notNull().default(0),
    creditsUsed: integer('credits_used').notNull().default(0),
    mediaSeconds: doublePrecision('media_seconds'),
    wordCount: integer('word_count'),
    attempts: integer('attempts').notNull().default(0),
    sourceExpired: boolean('source_expired').notNull().default(false),
    /** Notes the pipeline reports to the user, e.g. the language assumed for 'auto'. */
    notes: jsonb('notes').$type<JobNote[]>().notNull().default([]),
    /**
     * Voice-over jobs: voice id (`<engine>:<voice>`, GET /v1/capabilities) per target base code. The user's choices
     * at submission (used by the worker); once completed, the voice each dub was made with.
     */
    voices: jsonb('voices').$type<Record<string, string>>().notNull().default({}),
    /** The latest revision of the editable tracks (completed media jobs); null before the first. */
    tracksRevision: integer('tracks_revision'),
    /** Cues the quality check of the latest revision asks a human to look at (modules/quality); null before it ran. */
    qualityToReview: integer('quality_to_review'),
    /** Voice-over jobs: what the last dub synthesised per target language. */
    dubSegments: jsonb('dub_segments').$type<DubSegmentsReport>(),
    /** A re-dub waiting or running: the languages, its ledger reference and its price (credits). */
    redub: jsonb('redub').$type<PendingRedub>(),
    /**
     * The user's own words (`source_subtitles_url`): the upload of the .srt, .vtt or .txt used instead of the speech
     * recogniser; null for a recognised job.
     */
    sourceWordsUploadId: uuid('source_words_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** `subtitle_style` of the request (contract SubtitleStyle with its defaults); null when not given. */
    subtitleStyle: jsonb('subtitle_style').$type<SubtitleStyle>(),
    /** `num_speakers` of the request: how many people speak, 1 … 8; null for Auto (issue 19). */
    numSpeakers: integer('num_speakers'),
    /**
     * `keep_voices_natural` of the request (issue 20 item 3, migration 0038): the dubbed MP4 slows the picture where a
     * line would need more than 1.15x. False when not asked, and for jobs without voice-over or without a picture.
     */
    keepVoicesNatural: boolean('keep_voices_natural').notNull().default(false),
    /** The team member who started a team job (the job's user_id is the team owner's account); null otherwise. */
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    /** The owner's glossary when the job was created (contract GlossarySnapshot, migration 0036); null: none. */
    glossary: jsonb('glossary').$type<GlossarySnapshot>(),
    /** `voice_clone` of the request: the voice-over speaks in the speakers' own voices (issue 21, migration 0039). */
    voiceClone: boolean('voice_clone').notNull().default(false),
    /** When the user stated they have the right to clone these voices (`voice_clone_consent`); null: not asked. */
    voiceCloneConsentAt: timestamp('voice_clone_consent_at', { withTimezone: true }),
    /**
     * `remove_original_speech` of the request (issue 21 item 4, migration 0040): the dub is mixed over the input's
     * background (its voice removed by the separation engine). False when not asked, and for jobs without voice-over.
     */
    removeOriginalSpeech: boolean('remove_original_speech').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_user_created_idx').on(t.userId, t.createdAt), index('jobs_status_idx').on(t.status)],
);

/** A re-dub of a completed job (jobs.redub): languages (base codes), ledger reference, credits reserved. */
export interface PendingRedub {
  languages: string[];
  ref: string;
  credits: number;
  revision: number;
}

/** One revision of a media job's editable tracks (server/src/modules/tracks). */
export const jobTrackRevisions = pgTable(
  'job_track_revisions',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    origin: text('origin').$type<RevisionOrigin>().notNull(),
    /** `{ source: { language, cues }, targets: { <lang>: { cues } } }`, cues as contract TrackCue. */
    tracks: jsonb('tracks').$type<StoredTracks>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.revision] })],
);

/** The tracks of one revision. Times in seconds. */
export interface StoredTracks {
  source: { language: string; cues: TrackCue[] };
  targets: Record<string, { cues: TrackCue[] }>;
  /** Who speaks (issue 19): absent or empty when the job has one speaker. */
  speakers?: TrackSpeaker[];
}

/** One output file of a job for one target language. */
export const jobOutputs = pgTable(
  'job_outputs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    kind: text('kind').$type<OutputKind>().notNull(),
    storageKey: text('storage_key').notNull(),
    /** Download name, e.g. talk_es.vtt or report__es.docx (spec section 9). */
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** The tracks revision this output renders (media outputs); null for a document. */
    revision: integer('revision'),
    /** Fingerprint of the inputs it was rendered from (renders/render-graph.ts inputsHashOf); null before issue 36. */
    inputsHash: text('inputs_hash'),
    /** A later revision changed its inputs: it is offered as the render of `revision`, not as current. */
    stale: boolean('stale').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_outputs_job_lang_kind_key').on(t.jobId, t.language, t.kind)],
);
