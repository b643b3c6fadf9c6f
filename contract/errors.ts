/**
 * Every error code of the product, with its HTTP status and its English message (after tus-node-server's
 * `ERRORS`). API answers carry `{ error, statusCode, code, ...details }`; failed jobs carry `error_code`. The server
 * may word `error` more precisely for API users; the web app shows its own translated message for `code`
 * (a `Record<ErrorCode, ...>` in each catalog), so no server sentence reaches the Arabic UI.
 *
 * Codes marked "job" are also the reasons a job fails or an uploaded file is refused after its content was read.
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';
import { CUE_PROBLEMS, EngineProblem } from './error-details.ts';

// The details some codes carry (cue problems, engine problems and their stages) are defined in error-details.ts.
export * from './error-details.ts';

export const ERRORS = {
  // Requests
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  VALIDATION_FAILED: { status: 400, message: 'Some fields are missing or invalid.' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This Content-Type is not accepted here.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'This service is not available.' },
  STORAGE_UNAVAILABLE: {
    status: 503,
    message: 'File storage is not available right now, so the file could not be saved. Please try again later.',
  },
  // The bucket refuses this server's key or policy (S3 403, issue 39 item 5): a retry cannot help.
  STORAGE_ACCESS_DENIED: {
    status: 503,
    message:
      "The file storage refused this server's access (its key or permissions), so trying again will not help. Your credits were given back; the operator must fix the settings.",
  },
  INTERNAL: { status: 500, message: 'An unexpected error occurred' },
  // Accounts
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  INVALID_CREDENTIALS: { status: 401, message: 'Incorrect email or password.' },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message: 'Please verify your email before signing in. Check your inbox for the 6-digit code.',
  },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this.' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists.' },
  INVALID_OTP: { status: 400, message: 'Invalid OTP. Please try again.' },
  OTP_EXPIRED: { status: 400, message: 'This code has expired. Request a new one.' },
  OTP_TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many wrong codes. Request a new one.' },
  ALREADY_VERIFIED: { status: 400, message: 'This email is already verified. Please sign in.' },
  INVALID_RESET_TOKEN: { status: 400, message: 'Invalid or expired token.' },
  EMAIL_CHANGE_UNSUPPORTED: { status: 400, message: 'Changing the email address of an account is not supported.' },
  ACCOUNT_GONE: { status: 404, message: 'This account no longer exists.' },
  GOOGLE_NOT_CONFIGURED: { status: 503, message: 'Sign-in with Google is not configured on this server.' },
  GOOGLE_SIGN_IN_UNAVAILABLE: {
    status: 503,
    message: 'Sign-in with Google is not available right now. Please try again later.',
  },
  GOOGLE_EMAIL_UNVERIFIED: {
    status: 403,
    message: 'Your Google account has no verified email address, so it cannot be used to sign in.',
  },
  GOOGLE_ACCOUNT_CONFLICT: { status: 403, message: 'This email is already linked to another Google account.' },
  // Uploads
  FILE_TYPE_NOT_ALLOWED: {
    status: 415,
    message:
      'This file type is not supported. Upload a video or audio file (MP4, MOV, AVI, MKV, MP3, WAV, M4A) or a document (.docx, .xlsx, .srt, .vtt).',
  },
  FILE_TOO_LARGE: { status: 413, message: 'This file is larger than allowed.' },
  UPLOAD_URL_INVALID: { status: 403, message: 'This upload URL is invalid or has expired.' },
  UPLOAD_CLOSED: { status: 409, message: 'This upload was cancelled or has expired. Ask for a new upload URL.' },
  UPLOAD_ALREADY_DONE: { status: 409, message: 'This file was already uploaded. Ask for a new upload URL.' },
  UPLOAD_INCOMPLETE: { status: 409, message: 'This file has not finished uploading yet.' },
  UPLOAD_NOT_FOUND: {
    status: 404,
    message: 'No uploaded file at this media_url. Upload the file first and use the file_url you were given.',
  },
  UPLOAD_EXPIRED: { status: 404, message: 'This uploaded file was deleted after 30 days. Upload it again.' },
  DOWNLOAD_LINK_INVALID: {
    status: 403,
    message: 'This download link is invalid or has expired. Refresh the job list to get a new one.',
  },
  FILE_GONE: { status: 404, message: 'This file no longer exists.' },
  // Jobs
  JOB_NOT_FOUND: { status: 404, message: 'Job not found.' },
  // Tracks (the editor)
  TRACKS_NOT_READY: {
    status: 409,
    message: 'This job has no editable tracks: only completed video or audio jobs can be edited.',
  },
  REVISION_CONFLICT: {
    status: 409,
    message: 'The tracks were changed elsewhere since you loaded them. Reload them and apply your change again.',
  },
  INVALID_CUE: { status: 400, message: 'A cue is not valid.' },
  // A saved cue's `speaker` must be one of the tracks' `speakers` (issue 38: the editor adds speakers).
  UNKNOWN_SPEAKER: { status: 400, message: 'A cue names a speaker who is not in the speakers.' },
  JOB_BUSY: { status: 409, message: 'This job is being processed. Try again when it has finished.' },
  NOTHING_TO_REDUB: { status: 400, message: 'Nothing changed since the last voice-over: there is nothing to re-dub.' },
  NO_VOICE_OVER: { status: 400, message: 'This job has no voice-over to re-dub.' },
  REVISION_NOT_FOUND: { status: 404, message: 'This revision does not exist.' },
  PAYMENT_REQUIRED: { status: 402, message: 'Not enough credits for this job.' },
  MEDIA_URL_NOT_ACCEPTED: {
    status: 400,
    message:
      'media_url must be the file_url of a file you uploaded, or a YouTube link (youtube.com or youtu.be). Other addresses are not fetched.',
  },
  NOT_A_MEDIA_FILE: { status: 400, message: 'This file is a document: submit it to POST /v1/documents/translate.' },
  NOT_A_DOCUMENT: { status: 400, message: 'This is not a document: video and audio go to POST /v1/jobs/translate.' },
  SAME_LANGUAGE: { status: 400, message: 'The file is already in this language: choose another target language.' },
  NO_ENGINE: { status: 400, message: 'No engine on this server can do this job.' },
  VOICE_NOT_AVAILABLE: {
    status: 400,
    message: 'This voice is not available for this language. Choose one of the voices listed for it.',
  },
  VOICE_CLONE_CONSENT_REQUIRED: {
    status: 400,
    message: 'Cloning voices needs your consent: confirm that you have the right to clone these voices.',
  },
  VOICE_CLONE_NOT_AVAILABLE: {
    status: 400,
    message: 'Voice cloning is not available on this server: no cloning voice engine is configured.',
  },
  SEPARATION_NOT_AVAILABLE: {
    status: 400,
    message: 'Removing the original speech is not available on this server: no voice separation engine is configured.',
  },
  YOUTUBE_UNAVAILABLE: {
    status: 422,
    message: 'This YouTube video could not be read. Check the link, or upload the file instead.',
  },
  // Job failures and refused file contents (job)
  EMPTY_MEDIA: { status: 422, message: 'The file is empty or has no playable length. Please upload it again.' },
  CORRUPT_MEDIA: {
    status: 422,
    message: 'The file could not be read as audio or video: it may be corrupt or in an unsupported format.',
  },
  NO_AUDIO_STREAM: { status: 422, message: 'The file has no audio track, so there is no speech to subtitle or dub.' },
  NO_SPEECH: { status: 422, message: 'No speech was recognised in the audio.' },
  SOURCE_DELETED: {
    status: 422,
    message: 'The source file of this job was deleted (uploads are kept 30 days). Upload it again.',
  },
  // The uploaded input was removed from the file storage after the job was submitted (issue 39 item 5).
  INPUT_MISSING: {
    status: 422,
    message:
      'The uploaded file of this job is no longer in the file storage. Your credits were given back; upload it again.',
  },
  YOUTUBE_DOWNLOAD_FAILED: {
    status: 422,
    message: 'The YouTube video could not be downloaded. Check the link, or upload the file instead.',
  },
  ENGINE_FAILED: { status: 502, message: 'A speech, translation or voice engine failed. Please try again later.' },
  // Engine failures a retry cannot fix (the job fails at once, its credits are given back)
  ENGINE_QUOTA_EXCEEDED: {
    status: 503,
    message:
      'The speech, translation or voice service of this server has used up its quota. Your credits were given back; try again once the operator has renewed it.',
  },
  ENGINE_INPUT_TOO_LARGE: {
    status: 422,
    message:
      'This is larger than the speech, translation or voice service accepts in one request, so trying again will not help. Your credits were given back.',
  },
  // An engine's month of estimated spend reached the operator's cap (issue 26 item 6): not the user's doing.
  ENGINE_SPEND_CAP_REACHED: {
    status: 503,
    message:
      'The speech, translation or voice service of this server is temporarily limited. Your credits were given back; please try again later.',
  },
  ENGINE_REFUSED: {
    status: 502,
    message:
      'The speech, translation or voice service refused the request (its key or settings are not accepted). Your credits were given back; the operator must fix the settings.',
  },
  FFMPEG_FAILED: { status: 500, message: 'The audio or video could not be processed.' },
  TOO_MANY_TRIES: {
    status: 500,
    message: 'This job was stopped 3 times before it could finish. Your credits were given back; please try again.',
  },
  CANCELLED: { status: 409, message: 'The job was cancelled.' },
  NOT_A_ZIP: { status: 422, message: 'This is not a real Office file: Office documents are ZIP packages.' },
  NOT_A_WORD_FILE: { status: 422, message: 'This file is not a Word document (.docx) or Excel workbook (.xlsx).' },
  ENCRYPTED: { status: 422, message: 'The document is password-protected. Remove the password and upload it again.' },
  DTD_FORBIDDEN: { status: 422, message: 'The document contains a DTD, which is not allowed.' },
  ZIP_BOMB: { status: 422, message: 'The document was refused: it expands to far more than its size.' },
  TOO_MANY_PARTS: { status: 422, message: 'The document was refused: it holds too many parts.' },
  DOCUMENT_TOO_LARGE: { status: 413, message: 'The document is larger than allowed.' },
  EMPTY_DOCUMENT: { status: 422, message: 'The document has no text to translate.' },
  CORRUPT_DOCUMENT: { status: 422, message: 'The document is damaged and cannot be read.' },
  UNREADABLE: { status: 422, message: 'The document could not be read.' },
  NOT_A_SUBTITLE_FILE: { status: 422, message: 'This is not a subtitle file: no cue timings were found.' },
  UNSUPPORTED_FORMAT: {
    status: 422,
    message: 'This is not a supported document. Upload a .docx, .xlsx, .srt or .vtt file.',
  },
  UNSUPPORTED_LANGUAGE: { status: 400, message: 'Choose the language the document is written in.' },
  // The user's own words for a media job (source_subtitles_url: .srt, .vtt or .txt transcript)
  BURN_IN_NEEDS_VIDEO: {
    status: 400,
    message: 'Subtitles in the video need a video: this file is audio only. Choose subtitle files instead.',
  },
  SOURCE_LANGUAGE_REQUIRED: {
    status: 400,
    message:
      'Choose the language of the video: the language of your subtitles or transcript could not be identified from their text (too short, or not a language the studio offers).',
  },
  // Issue 22, item 3: no configured recogniser identifies the spoken language (Auto-detect on speech).
  SPEECH_LANGUAGE_REQUIRED: {
    status: 400,
    message:
      'Choose the language spoken in the video: the speech engines here cannot identify it, and speech in another language would be recognised wrongly.',
  },
  NOT_A_WORDS_FILE: {
    status: 400,
    message: 'The subtitles or transcript must be an .srt, .vtt or .txt file you uploaded.',
  },
  SUBTITLE_ENCODING: {
    status: 422,
    message: 'The subtitle or transcript file is not UTF-8 text. Save it as UTF-8 and upload it again.',
  },
  SUBTITLE_BAD_TIMING: { status: 422, message: 'A cue in the subtitle file ends before it starts.' },
  SUBTITLE_TIMES_OUTSIDE_MEDIA: {
    status: 422,
    message: 'The subtitle file has cues timed after the end of the video or audio: is it the right file?',
  },
  TRANSCRIPT_EMPTY: { status: 422, message: 'The transcript has no text.' },
  // Own words bounded by the media's length (issue 24: Netflix line limits, server/src/media/own-words-limits.ts)
  OWN_WORDS_TOO_LARGE: {
    status: 422,
    message: 'The subtitle or transcript file is too large: at most 1 MB is accepted.',
  },
  OWN_WORDS_TOO_MANY_CUES: {
    status: 422,
    message: 'The subtitle file has more cues than the video or audio can show (at most 72 a minute).',
  },
  OWN_WORDS_CUE_TOO_LONG: {
    status: 422,
    message: 'A cue of the subtitle file is too long: a cue has at most 168 characters.',
  },
  OWN_WORDS_TOO_MUCH_TEXT: {
    status: 422,
    message: 'The transcript is longer than the video or audio can hold: at most 25 characters a second of media.',
  },
  // Billing
  PLAN_NOT_AVAILABLE: { status: 400, message: 'This plan is not available for upgrade.' },
  ALREADY_ON_PLAN: { status: 409, message: 'You are already on this plan.' },
  NO_SUBSCRIPTION: { status: 400, message: 'You are on the Free plan: there is no subscription to cancel.' },
  CHECKOUT_SESSION_INVALID: {
    status: 400,
    message: 'This checkout session is not valid or has expired. Please choose a plan again.',
  },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'The webhook signature is not valid.' },
  PAYMENT_PROVIDER_ERROR: { status: 502, message: 'The payment provider could not be reached. Please try again.' },
  BILLING_NOT_CONFIGURED: { status: 503, message: 'Payments are not configured on this server.' },
  // API keys (issue 23)
  API_ACCESS_NOT_IN_PLAN: {
    status: 403,
    message: 'Your plan does not include API access. Upgrade to Pro or Business to use API keys.',
  },
  API_KEY_NOT_FOUND: { status: 404, message: 'API key not found.' },
  API_KEY_LIMIT: { status: 409, message: 'You have 20 API keys. Revoke one before creating another.' },
  // Issue 35 item 8: keys do not manage keys.
  API_KEY_SESSION_REQUIRED: {
    status: 403,
    message: 'API keys are created and revoked only when signed in, not with an API key.',
  },
  // Webhooks (issue 23)
  WEBHOOK_URL_NOT_ALLOWED: {
    status: 400,
    message:
      'This webhook URL is not allowed: it must be https and reach a public address (not a private, loopback or link-local one).',
  },
  WEBHOOK_NOT_FOUND: { status: 404, message: 'Webhook endpoint not found.' },
  WEBHOOK_LIMIT: { status: 409, message: 'You have 10 webhook endpoints. Delete one before adding another.' },
  // Glossary (issue 20 item 4)
  GLOSSARY_TERM_NOT_FOUND: { status: 404, message: 'Glossary term not found.' },
  GLOSSARY_TERM_EXISTS: {
    status: 409,
    message: 'This term is already in your glossary for this source language. Edit it instead.',
  },
  GLOSSARY_FULL: { status: 409, message: 'Your glossary holds 2,000 terms. Delete some before adding more.' },
  GLOSSARY_CSV_INVALID: {
    status: 400,
    message: 'The glossary file is not valid: use the columns term, source_language, target_language, translation.',
  },
  GLOSSARY_CSV_TOO_LARGE: { status: 413, message: 'The glossary file is too large: at most 512 KB is accepted.' },
  // Pay-as-you-go credit packs (issue 23)
  PACKS_NOT_IN_PLAN: {
    status: 403,
    message: 'Pay-as-you-go credits are for paid plans. Choose a plan first, then buy extra credits.',
  },
  // Teams (issue 23)
  TEAMS_NOT_IN_PLAN: {
    status: 403,
    message: 'Your plan does not include team management. Upgrade to Business to create a team.',
  },
  TEAM_NOT_FOUND: { status: 404, message: 'You are not in a team.' },
  TEAM_MEMBER_NOT_FOUND: { status: 404, message: 'This person is not a member of your team.' },
  TEAM_ROLE_REQUIRED: { status: 403, message: 'Only the team owner or an admin can do this.' },
  // Issue 35 item 4: a plain member changes or deletes only what they made (docs/teams.md).
  TEAM_NOT_YOURS: {
    status: 403,
    message: 'Another team member made this: only they, the team owner or an admin can change or delete it.',
  },
  TEAM_ALREADY_MEMBER: { status: 409, message: 'You are already in a team. Leave it first.' },
  TEAM_MEMBER_EXISTS: { status: 409, message: 'This person is already a member of your team.' },
  TEAM_FULL: { status: 409, message: 'A team has at most 50 members and pending invitations.' },
  TEAM_OWNER_FIXED: {
    status: 409,
    message: 'The team owner cannot be removed, change role or leave the team.',
  },
  TEAM_INVITATION_INVALID: {
    status: 400,
    message: 'This invitation code is wrong, has expired or was sent to another e-mail address.',
  },
  TEAM_BILLING_OWNER_ONLY: {
    status: 403,
    message: "Your team's plan and credits are managed by the team owner.",
  },
  // Idempotency-Key (issue 23)
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message: 'The Idempotency-Key header must be 1 to 255 printable characters without spaces.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
  },
  // Issue 35 item 11: a replay never answers a job that no longer exists.
  IDEMPOTENCY_KEY_TARGET_DELETED: {
    status: 409,
    message: 'The job this Idempotency-Key created has been deleted. Use a new key to start a new job.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

/**
 * The body of every error answer (spec section 7: a body with `error` is a failure, `statusCode` is read).
 * Details by code: VALIDATION_FAILED `fields` (field -> English message), PAYMENT_REQUIRED `price` and `balance`,
 * RATE_LIMITED `retry_after_seconds`, INVALID_OTP `attempts_left`, REVISION_CONFLICT `revision` (the latest),
 * INVALID_CUE `track` (source or a language), `cue_id` and `problem` (a CUE_PROBLEMS value), UNKNOWN_SPEAKER `track`,
 * `cue_id` and `speaker` (the id the cue names), FILE_TOO_LARGE `max_bytes`, NO_ENGINE `problems`,
 * VOICE_NOT_AVAILABLE `voice` and `language` (the voice id asked for and the base code it was asked for).
 */
export const ErrorBody = v.looseObject({
  error: v.string(),
  statusCode: finiteNumber(),
  code: v.picklist(ERROR_CODES),
  fields: v.optional(v.record(v.string(), v.string())),
  price: v.optional(finiteNumber()),
  balance: v.optional(finiteNumber()),
  retry_after_seconds: v.optional(finiteNumber()),
  attempts_left: v.optional(finiteNumber()),
  max_bytes: v.optional(finiteNumber()),
  problems: v.optional(v.array(EngineProblem)),
  voice: v.optional(v.string()),
  language: v.optional(v.string()),
  revision: v.optional(finiteNumber()),
  track: v.optional(v.string()),
  cue_id: v.optional(v.string()),
  problem: v.optional(v.picklist(CUE_PROBLEMS)),
  /** UNKNOWN_SPEAKER: the speaker id the cue names. */
  speaker: v.optional(v.string()),
  /** GLOSSARY_CSV_INVALID: the line of the file (1 is the header) that is refused. */
  line: v.optional(finiteNumber()),
  /** GLOSSARY_CSV_INVALID: the column (a GLOSSARY_CSV_COLUMNS name) whose value or header is refused, when one is. */
  column: v.optional(v.string()),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;
