/**
 * What the web app says for each error code, in the user's language: one message per contract code
 * (contract/errors.ts) and per client code (src/lib/api-error.ts). Both are Records, so a code added to the
 * contract without a message here fails the type check. The messages speak to the app's users: no API paths,
 * no engine names, no configuration variables. Messages that name details (price, balance, seconds...) are in
 * src/lib/error-text.ts.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ErrorCode } from '../../contract/errors.ts';
import type { ClientErrorCode } from './api-error.ts';

export const ERROR_MESSAGES: Record<ErrorCode, MessageDescriptor> = {
  // Requests
  BAD_REQUEST: msg`The request is not valid.`,
  VALIDATION_FAILED: msg`Some fields are missing or invalid.`,
  MALFORMED_JSON: msg`The request could not be read. Please reload the page and try again.`,
  PAYLOAD_TOO_LARGE: msg`The request is too large.`,
  UNSUPPORTED_MEDIA_TYPE: msg`This kind of content is not accepted here.`,
  NOT_FOUND: msg`Not found.`,
  RATE_LIMITED: msg`Too many requests. Please wait a moment and try again.`,
  SERVICE_UNAVAILABLE: msg`This service is not available right now. Please try again later.`,
  STORAGE_UNAVAILABLE: msg`File storage is not available right now, so the file could not be saved. Please try again later.`,
  INTERNAL: msg`An unexpected error occurred`,
  // Accounts
  UNAUTHORIZED: msg`Your session has ended. Please sign in again.`,
  INVALID_CREDENTIALS: msg`Incorrect email or password.`,
  EMAIL_NOT_VERIFIED: msg`Please verify your email before signing in. Check your inbox for the 6-digit code.`,
  FORBIDDEN: msg`You are not allowed to do this.`,
  EMAIL_TAKEN: msg`An account with this email already exists. Sign in with it; if it is not verified yet, you will get a new code.`,
  INVALID_OTP: msg`This code is not correct. Please check it and try again.`,
  OTP_EXPIRED: msg`This code has expired. Request a new one.`,
  OTP_TOO_MANY_ATTEMPTS: msg`Too many wrong codes. Request a new one.`,
  ALREADY_VERIFIED: msg`This email is already verified. Please sign in.`,
  INVALID_RESET_TOKEN: msg`Invalid or expired token.`,
  EMAIL_CHANGE_UNSUPPORTED: msg`The email address of an account cannot be changed.`,
  ACCOUNT_GONE: msg`This account no longer exists.`,
  GOOGLE_NOT_CONFIGURED: msg`Sign-in with Google is not set up on this server.`,
  GOOGLE_SIGN_IN_UNAVAILABLE: msg`Sign-in with Google is not available right now. Please try again later.`,
  GOOGLE_EMAIL_UNVERIFIED: msg`Your Google account has no verified email address, so it cannot be used to sign in.`,
  GOOGLE_ACCOUNT_CONFLICT: msg`This email is already linked to another Google account.`,
  // Uploads
  FILE_TYPE_NOT_ALLOWED: msg`This file type is not supported. Upload a video or audio file (MP4, MOV, AVI, MKV, MP3, WAV, M4A) or a document (.docx, .xlsx, .srt, .vtt).`,
  FILE_TOO_LARGE: msg`This file is larger than allowed.`,
  UPLOAD_URL_INVALID: msg`This upload link is invalid or has expired. Please upload the file again.`,
  UPLOAD_CLOSED: msg`This upload was cancelled or has expired. Please upload the file again.`,
  UPLOAD_ALREADY_DONE: msg`This file was already uploaded.`,
  UPLOAD_INCOMPLETE: msg`This file has not finished uploading yet.`,
  UPLOAD_NOT_FOUND: msg`The uploaded file could not be found. Please upload it again.`,
  UPLOAD_EXPIRED: msg`This uploaded file was deleted after 30 days. Upload it again.`,
  DOWNLOAD_LINK_INVALID: msg`This download link has expired. Refresh the job list to get a new one.`,
  FILE_GONE: msg`This file no longer exists.`,
  // Jobs
  JOB_NOT_FOUND: msg`Job not found.`,
  TRACKS_NOT_READY: msg`Only finished video or audio jobs can be edited.`,
  REVISION_CONFLICT: msg`This job was changed elsewhere since you opened it. Reload it to see the latest version.`,
  INVALID_CUE: msg`A subtitle has a problem: check its times and text.`,
  JOB_BUSY: msg`This job is being processed. Try again when it has finished.`,
  NOTHING_TO_REDUB: msg`Nothing changed since the last voice-over: there is nothing to re-dub.`,
  NO_VOICE_OVER: msg`This job has no voice-over to re-dub.`,
  REVISION_NOT_FOUND: msg`This version no longer exists.`,
  PAYMENT_REQUIRED: msg`Not enough credits for this job.`,
  MEDIA_URL_NOT_ACCEPTED: msg`Upload the file, or give a YouTube link (youtube.com or youtu.be). Other addresses are not fetched.`,
  NOT_A_MEDIA_FILE: msg`This file is a document: translate it on the Documents tab.`,
  NOT_A_DOCUMENT: msg`This is not a document: translate video and audio on the Audio & Video tab.`,
  SAME_LANGUAGE: msg`The file is already in this language: choose another target language.`,
  NO_ENGINE: msg`This server cannot do this job with its current services. Ask your administrator.`,
  VOICE_NOT_AVAILABLE: msg`This voice is not available for this language. Choose another voice.`,
  YOUTUBE_UNAVAILABLE: msg`This YouTube video could not be read. Check the link, or upload the file instead.`,
  // Job failures and refused file contents
  EMPTY_MEDIA: msg`The file is empty or has no playable length. Please upload it again.`,
  CORRUPT_MEDIA: msg`The file could not be read as audio or video: it may be damaged or in an unsupported format.`,
  NO_AUDIO_STREAM: msg`The file has no audio track, so there is no speech to subtitle or dub.`,
  NO_SPEECH: msg`No speech was recognised in the audio.`,
  SOURCE_DELETED: msg`The source file of this job was deleted (uploads are kept 30 days). Upload it again.`,
  YOUTUBE_DOWNLOAD_FAILED: msg`The YouTube video could not be downloaded. Check the link, or upload the file instead.`,
  ENGINE_FAILED: msg`A speech, translation or voice service failed. Please try again later.`,
  ENGINE_QUOTA_EXCEEDED: msg`The speech, translation or voice service of this server has used up its quota. Your credits were given back; try again once your administrator has renewed it.`,
  ENGINE_INPUT_TOO_LARGE: msg`This is larger than the speech, translation or voice service accepts in one request, so trying again will not help. Your credits were given back.`,
  ENGINE_REFUSED: msg`The speech, translation or voice service refused the request. Your credits were given back; ask your administrator to check its settings.`,
  FFMPEG_FAILED: msg`The audio or video could not be processed.`,
  TOO_MANY_TRIES: msg`This job was stopped 3 times before it could finish. Your credits were given back; please try again.`,
  CANCELLED: msg`The job was cancelled.`,
  NOT_A_ZIP: msg`This is not a real Office file: it may be damaged or renamed.`,
  NOT_A_WORD_FILE: msg`This file is not a Word document (.docx) or Excel workbook (.xlsx).`,
  ENCRYPTED: msg`The document is password-protected. Remove the password and upload it again.`,
  DTD_FORBIDDEN: msg`The document was refused: it contains content that is not allowed.`,
  ZIP_BOMB: msg`The document was refused: it expands to far more than its size.`,
  TOO_MANY_PARTS: msg`The document was refused: it holds too many parts.`,
  DOCUMENT_TOO_LARGE: msg`The document is larger than allowed.`,
  EMPTY_DOCUMENT: msg`The document has no text to translate.`,
  CORRUPT_DOCUMENT: msg`The document is damaged and cannot be read.`,
  UNREADABLE: msg`The document could not be read.`,
  NOT_A_SUBTITLE_FILE: msg`This is not a subtitle file: no cue timings were found.`,
  UNSUPPORTED_FORMAT: msg`This is not a supported document. Upload a .docx, .xlsx, .srt or .vtt file.`,
  UNSUPPORTED_LANGUAGE: msg`Choose the language the document is written in.`,
  BURN_IN_NEEDS_VIDEO: msg`Subtitles in the video need a video: this file is audio only. Choose subtitle files instead.`,
  SOURCE_LANGUAGE_REQUIRED: msg`Choose the language of the video: the language of your subtitles or transcript could not be identified from their text.`,
  SPEECH_LANGUAGE_REQUIRED: msg`Choose the language spoken in the video: Auto-detect is not available for speech here, and speech in another language would be recognised wrongly.`,
  NOT_A_WORDS_FILE: msg`The subtitles or transcript must be an .srt, .vtt or .txt file.`,
  SUBTITLE_ENCODING: msg`The subtitle or transcript file is not UTF-8 text. Save it as UTF-8 and upload it again.`,
  SUBTITLE_BAD_TIMING: msg`A cue in the subtitle file ends before it starts.`,
  SUBTITLE_TIMES_OUTSIDE_MEDIA: msg`The subtitle file has cues timed after the end of the video or audio: is it the right file?`,
  TRANSCRIPT_EMPTY: msg`The transcript has no text.`,
  // Own words bounded by the media's length (issue 24)
  OWN_WORDS_TOO_LARGE: msg`The subtitle or transcript file is too large: at most 1 MB is accepted.`,
  OWN_WORDS_TOO_MANY_CUES: msg`The subtitle file has more cues than the video can show (at most 72 a minute). Is it the right file?`,
  OWN_WORDS_CUE_TOO_LONG: msg`A cue of the subtitle file is too long (at most 168 characters). Split it and upload the file again.`,
  OWN_WORDS_TOO_MUCH_TEXT: msg`The transcript is longer than the video can hold (at most 25 characters a second). Is it the right file?`,
  // Billing
  PLAN_NOT_AVAILABLE: msg`This plan is not available for upgrade.`,
  ALREADY_ON_PLAN: msg`You are already on this plan.`,
  NO_SUBSCRIPTION: msg`You are on the Free plan: there is no subscription to cancel.`,
  CHECKOUT_SESSION_INVALID: msg`This checkout session is not valid or has expired. Please choose a plan again.`,
  WEBHOOK_SIGNATURE_INVALID: msg`The payment notice could not be verified.`,
  PAYMENT_PROVIDER_ERROR: msg`The payment provider could not be reached. Please try again.`,
  BILLING_NOT_CONFIGURED: msg`Payments are not set up on this server.`,
  // API keys (issue 23)
  API_ACCESS_NOT_IN_PLAN: msg`Your plan does not include API access. Upgrade to Pro or Business to use API keys.`,
  API_KEY_NOT_FOUND: msg`This API key does not exist.`,
  API_KEY_LIMIT: msg`You have 20 API keys. Revoke one before creating another.`,
  // Webhooks (issue 23)
  WEBHOOK_URL_NOT_ALLOWED: msg`This webhook URL is not allowed: it must be https and reach a public address.`,
  WEBHOOK_NOT_FOUND: msg`This webhook endpoint does not exist.`,
  WEBHOOK_LIMIT: msg`You have 10 webhook endpoints. Delete one before adding another.`,
  // Glossary (issue 20 item 4)
  GLOSSARY_TERM_NOT_FOUND: msg`This glossary term no longer exists.`,
  GLOSSARY_TERM_EXISTS: msg`This term is already in your glossary for this source language. Edit it instead.`,
  GLOSSARY_FULL: msg`Your glossary holds 2,000 terms. Delete some before adding more.`,
  GLOSSARY_CSV_INVALID: msg`The glossary file is not valid: use the columns term, source_language, target_language, translation.`,
  GLOSSARY_CSV_TOO_LARGE: msg`The glossary file is too large: at most 512 KB is accepted.`,
  // Pay-as-you-go credit packs (issue 23)
  PACKS_NOT_IN_PLAN: msg`Pay-as-you-go credits are for paid plans. Choose a plan first, then buy extra credits.`,
  // Idempotency-Key (issue 23)
  IDEMPOTENCY_KEY_INVALID: msg`The request's idempotency key is not valid.`,
  IDEMPOTENCY_KEY_REUSED: msg`This request was already sent with different details. Please try again.`,
  IDEMPOTENCY_KEY_IN_USE: msg`This request is still being processed. Try again in a moment.`,
};

/** Client codes. UNKNOWN is only used when the caller gives no fallback text of its own. */
export const CLIENT_ERROR_MESSAGES: Record<ClientErrorCode, MessageDescriptor> = {
  NETWORK: msg`The server could not be reached. Check your connection.`,
  INVALID_RESPONSE: msg`The server's answer could not be understood. Please reload the page and try again.`,
  UNKNOWN: msg`An unexpected error occurred`,
  UPLOAD_FAILED: msg`Upload failed with status: {status}`,
  NOT_SAME_FILE: msg`This is not the same file: its size differs. Pick the original file.`,
  UPLOAD_GONE: msg`This upload no longer exists.`,
};
