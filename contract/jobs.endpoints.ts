/**
 * Jobs: submit, estimate, list, read, delete, download: the endpoint table of this domain (contract/endpoint.ts has
 * the shape).
 */
import * as v from 'valibot';
import type { ErrorCode } from './errors.ts';
import {
  DocumentJobRequest,
  EstimateRequest,
  EstimateResponse,
  JobListResponse,
  JobResponse,
  JobStatusesResponse,
  ListJobsQuery,
  MessageResponse,
  TranslateJobRequest,
} from './jobs.ts';
import { CapabilitiesResponse, VoiceSampleQuery } from './capabilities.ts';
import { FILE_REFUSALS, IDEMPOTENCY_ERRORS, IDEMPOTENCY_KEY, json, type Endpoint } from './endpoint.ts';

/** What every job submission can answer: a replayed key of a deleted job, the key's rules, not signed in, too few
 * credits, no engine for a part of it. */
const SUBMISSION_ERRORS = [
  'IDEMPOTENCY_KEY_TARGET_DELETED',
  ...IDEMPOTENCY_ERRORS,
  'UNAUTHORIZED',
  'PAYMENT_REQUIRED',
  'NO_ENGINE',
] as const satisfies readonly ErrorCode[];

export const JOB_ENDPOINTS = {
  // Jobs
  translate: {
    method: 'POST',
    path: '/v1/jobs/translate',
    tag: 'jobs',
    summary: 'Start a video or audio job: subtitles and/or voice-over per target language',
    description: 'Priced from the media length; the credits are reserved at once and charged when it completes.',
    auth: 'bearer',
    body: TranslateJobRequest,
    headers: [IDEMPOTENCY_KEY],
    response: json(JobResponse, 201),
    errors: [
      ...SUBMISSION_ERRORS,
      'VOICE_NOT_AVAILABLE',
      // Issue 21 item 4: voice_clone without consent, or without a cloning engine.
      'VOICE_CLONE_CONSENT_REQUIRED',
      'VOICE_CLONE_NOT_AVAILABLE',
      // Issue 21 item 4: remove_original_speech without a voice separation engine.
      'SEPARATION_NOT_AVAILABLE',
      'MEDIA_URL_NOT_ACCEPTED',
      'NOT_A_MEDIA_FILE',
      'UPLOAD_NOT_FOUND',
      'UPLOAD_EXPIRED',
      'UPLOAD_INCOMPLETE',
      'YOUTUBE_UNAVAILABLE',
      'RATE_LIMITED',
      'SOURCE_LANGUAGE_REQUIRED',
      'BURN_IN_NEEDS_VIDEO',
      'NOT_A_WORDS_FILE',
      'OWN_WORDS_TOO_LARGE',
      'OWN_WORDS_TOO_MANY_CUES',
      'OWN_WORDS_CUE_TOO_LONG',
      'OWN_WORDS_TOO_MUCH_TEXT',
      // Issue 22, item 3: speech on Auto-detect where no recogniser identifies the language.
      'SPEECH_LANGUAGE_REQUIRED',
      ...FILE_REFUSALS,
    ],
  },
  translateDocument: {
    method: 'POST',
    path: '/v1/documents/translate',
    tag: 'documents',
    summary: 'Start a document job (.docx, .xlsx, .srt, .vtt) keeping its formatting',
    auth: 'bearer',
    body: DocumentJobRequest,
    headers: [IDEMPOTENCY_KEY],
    response: json(JobResponse, 201),
    errors: [
      ...SUBMISSION_ERRORS,
      'SAME_LANGUAGE',
      'NOT_A_DOCUMENT',
      'UPLOAD_NOT_FOUND',
      'UPLOAD_EXPIRED',
      'UPLOAD_INCOMPLETE',
      'RATE_LIMITED',
      ...FILE_REFUSALS,
    ],
  },
  capabilities: {
    method: 'GET',
    path: '/v1/capabilities',
    tag: 'jobs',
    summary: 'What the configured engines can do per studio language: speech, translation sources, voices',
    description:
      'A job asking for more is refused with NO_ENGINE (`problems`) or VOICE_NOT_AVAILABLE. Voice ids go into ' +
      '`voices` of POST /v1/jobs/translate.',
    auth: 'none',
    response: json(CapabilitiesResponse),
    errors: [],
  },
  voiceSample: {
    method: 'GET',
    path: '/v1/voices/{id}/sample',
    tag: 'jobs',
    summary: 'A voice speaking a short sentence in a language (MP3); made once, then served from storage',
    auth: 'none',
    query: VoiceSampleQuery,
    response: { status: 200, contentType: 'audio/mpeg', description: 'The sample' },
    errors: ['VOICE_NOT_AVAILABLE', 'ENGINE_FAILED', 'RATE_LIMITED'],
  },
  estimate: {
    method: 'POST',
    path: '/v1/jobs/estimate',
    tag: 'jobs',
    summary: 'The price a submission would be charged, from the same rules and the same file',
    auth: 'bearer',
    body: EstimateRequest,
    response: json(EstimateResponse),
    errors: [
      'BURN_IN_NEEDS_VIDEO',
      'NO_ENGINE',
      'VOICE_NOT_AVAILABLE',
      'SPEECH_LANGUAGE_REQUIRED',
      'VOICE_CLONE_NOT_AVAILABLE',
      'UNAUTHORIZED',
      'NOT_A_MEDIA_FILE',
      'NOT_A_DOCUMENT',
      'UPLOAD_NOT_FOUND',
      'UPLOAD_EXPIRED',
      'UPLOAD_INCOMPLETE',
      'YOUTUBE_UNAVAILABLE',
      ...FILE_REFUSALS,
    ],
  },
  listJobs: {
    method: 'GET',
    path: '/v1/jobs/',
    tag: 'jobs',
    summary: "The user's jobs, newest first (200 by default)",
    description: 'Also answered at /v1/jobs. Sent gzip-compressed to clients that accept it.',
    auth: 'bearer',
    query: ListJobsQuery,
    response: json(JobListResponse),
    errors: ['UNAUTHORIZED'],
    aliases: [{ method: 'GET', path: '/v1/jobs' }],
  },
  jobStatuses: {
    method: 'GET',
    path: '/v1/jobs/status',
    tag: 'jobs',
    summary: 'Unfinished jobs and those finished in the last 10 minutes (for polling)',
    auth: 'bearer',
    response: json(JobStatusesResponse),
    errors: ['UNAUTHORIZED'],
  },
  getJob: {
    method: 'GET',
    path: '/v1/jobs/{id}',
    tag: 'jobs',
    summary: 'One job',
    auth: 'bearer',
    response: json(JobResponse),
    errors: ['UNAUTHORIZED', 'JOB_NOT_FOUND'],
  },
  deleteJob: {
    method: 'DELETE',
    path: '/v1/jobs/{id}',
    tag: 'jobs',
    summary: 'Delete a job and its files; an unfinished job is stopped and its credits given back',
    auth: 'bearer',
    response: json(MessageResponse),
    errors: ['TEAM_NOT_YOURS', 'UNAUTHORIZED', 'JOB_NOT_FOUND'],
  },
  download: {
    method: 'GET',
    path: '/files/{key}',
    tag: 'jobs',
    summary: 'A signed download of an output or upload (the URLs in output_files)',
    description:
      'Only with local storage (with S3 the URLs point at the bucket). Range requests are answered 206 so media ' +
      'players can seek; HEAD answers the headers alone. A file can change under the same URL (an edit renders the ' +
      'subtitles again, a re-dub the audio): answers say Cache-Control: private, no-cache with an ETag, and a ' +
      'request whose If-None-Match names the current ETag gets 304 with no body.',
    auth: 'signed',
    pathParams: { key: 'The storage key of the file (it may contain slashes).' },
    query: v.object({
      expires: v.string(),
      name: v.string(),
      type: v.string(),
      inline: v.optional(v.string()),
      signature: v.string(),
    }),
    headers: [
      { name: 'Range', description: 'bytes=START-END, bytes=START- or bytes=-LAST (one range).' },
      { name: 'If-None-Match', description: 'The ETag of the copy the client holds (304 while it is current).' },
    ],
    response: {
      status: 200,
      contentType: 'application/octet-stream',
      description: 'The file (206 with Content-Range for a Range request; 304 with no body when If-None-Match matches)',
      alsoStatuses: [304],
      headers: {
        'Content-Disposition': 'The file name',
        'Accept-Ranges': 'bytes',
        'Cache-Control': 'private, no-cache (ask again each time: the file may have changed)',
        ETag: 'The file version (size and last change)',
        'Last-Modified': 'When the file was last written',
      },
    },
    errors: ['DOWNLOAD_LINK_INVALID', 'FILE_GONE'],
    textErrors: { 416: 'The Range starts past the end of the file (empty body; Content-Range: bytes */SIZE).' },
  },
} as const satisfies Record<string, Endpoint>;
