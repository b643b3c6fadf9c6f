/** Uploads, translation jobs and their output files. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.schema.ts';

/** A file a user uploaded (signed PUT or tus). `storageKey` locates it in the file storage. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    /** 'media' (video/audio) or 'document' (.docx, .xlsx, .srt, .vtt). */
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    /** pending -> complete | rejected; complete -> expired after the retention period. */
    status: text('status').notNull().default('pending'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    tusId: text('tus_id'),
    /** Media duration in seconds (ffprobe), for pricing. */
    durationSeconds: doublePrecision('duration_seconds'),
    /** Words a document translation would translate, for pricing. */
    wordCount: integer('word_count'),
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
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** video_translation | document_translation */
    jobType: text('job_type').notNull(),
    /** subset of subtitle, voice_over, document */
    servicesRequested: text('services_requested').array().notNull(),
    sourceLanguage: text('source_language').notNull(),
    targetLanguages: text('target_languages').array().notNull(),
    /** manual | dubbing (video jobs with voice_over) */
    voiceOverMode: text('voice_over_mode'),
    originalFilename: text('original_filename').notNull(),
    /** The media_url the user submitted (a file_url of an upload, or a YouTube link). */
    sourceFileUrl: text('source_file_url').notNull(),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** queued | processing | completed | failed | canceled */
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    stage: text('stage'),
    error: text('error'),
    /** Credits reserved at submission; turned into a charge on completion, released on failure. */
    creditsReserved: integer('credits_reserved').notNull().default(0),
    creditsUsed: integer('credits_used').notNull().default(0),
    mediaSeconds: doublePrecision('media_seconds'),
    wordCount: integer('word_count'),
    attempts: integer('attempts').notNull().default(0),
    sourceExpired: boolean('source_expired').notNull().default(false),
    /** Notes the pipeline reports to the user, e.g. the language assumed for 'auto'. */
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_user_created_idx').on(t.userId, t.createdAt), index('jobs_status_idx').on(t.status)],
);

/** One output file of a job for one target language. */
export const jobOutputs = pgTable(
  'job_outputs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    /** subtitle_srt | subtitle_vtt | voice_over_mp3 | voice_over_mp4 | document */
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Download name, e.g. talk_es.vtt or report__es.docx (spec section 9). */
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_outputs_job_lang_kind_key').on(t.jobId, t.language, t.kind)],
);
