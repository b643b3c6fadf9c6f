/**
 * The prose of the OpenAPI document (CommonMark, as OpenAPI 3.1 descriptions are): the overview, the tag
 * descriptions (the tus guide among them) and what 'signed' means. Limits are quoted from the contract so the text
 * cannot drift from them; configuration defaults are docs/configuration.md's.
 */
import { MAX_DOCUMENT_BYTES, MAX_MEDIA_BYTES, TUS_UPLOAD_ID_METADATA } from '../../../../contract/uploads.ts';
import type { EndpointAuth, EndpointTag } from '../../../../contract/endpoints.ts';

const MB = 1024 ** 2;

export const API_TITLE = 'Tarjama API';
/** The API's version (the paths say /v1). */
export const API_VERSION = '1.0.0';

export const OVERVIEW = `The API behind the Tarjama web app: sign-in, uploads, video/audio and document translation jobs, plans and billing.
Every call the web app makes is here, generated from the same contract the server and the web app are typed from.

**Requests and answers.** JSON in and out (login takes form data). Request schemas describe what a client sends:
the server then trims text and lower-cases e-mails and language codes. Answer schemas describe what the server sends.

**Authentication.** \`POST /auth/login\` answers an \`access_token\`; send it as \`Authorization: Bearer <token>\` on every
call marked with the lock (7 days by default, ACCESS_TOKEN_TTL_SECONDS). \`POST /auth/logout\` revokes every token of
the user. Programs use an API key instead (tag *api*): \`Authorization: Bearer tjk_...\`, with the same rights. Files are reached by signed URLs instead (see *Signed URLs*), so a browser can open them without a token.

**Errors.** Every failure answers \`{ "error": "English sentence", "statusCode": 404, "code": "JOB_NOT_FOUND", ... }\`
(schema \`ErrorBody\`). \`code\` is stable: build on it, not on the sentence. Each operation lists its codes under its
error statuses and in \`x-error-codes\`; the whole table (status and English message per code) is the \`ErrorCode\`
schema and \`components.x-error-codes\`. Calls that read a JSON body may also answer MALFORMED_JSON, PAYLOAD_TOO_LARGE
(bodies are limited to 64 KB) or UNSUPPORTED_MEDIA_TYPE; a 429 RATE_LIMITED carries a \`Retry-After\` header.

**Signed URLs.** \`upload_url\` (a PUT), the URLs in a job's \`output_files\` and test-mode invoice links carry their
own signature and expiry in the query: use them as given, without a bearer token. Upload URLs live 6 hours, download URLs 1 hour (SIGNED_URL_TTL_SECONDS); read the job again for fresh ones.

**Uploading a file** (tags *uploads* and *tus*): ask \`POST /v1/uploads/presigned-url\`, send the bytes by the signed
PUT or resumably by tus, then start a job with \`media_url\` = the answer's \`file_url\`. Limits: ${MAX_MEDIA_BYTES / 1024 ** 3} GB for
video/audio, ${MAX_DOCUMENT_BYTES / MB} MB for documents; uploads are kept 30 days.`;

const TUS_GUIDE = `Resumable uploads with [tus 1.0](https://tus.io/protocols/resumable-upload) (core, creation,
creation-with-upload, termination, expiration) at \`/uploads/tus\`. Every request carries \`Tus-Resumable: 1.0.0\` and
the bearer token; tus answers its own failures as plain text.

1. \`POST /v1/uploads/presigned-url\` with the file's name, type and size: keep \`upload_id\`, \`tus_url\` and \`file_url\`.
2. \`POST /uploads/tus\` with \`Upload-Length: <bytes>\` and
   \`Upload-Metadata: filename <base64 of the name>,${TUS_UPLOAD_ID_METADATA} <base64 of upload_id>\`. The answer is
   201 with \`Location\`: the upload's URL. (Bytes may come along with Content-Type \`application/offset+octet-stream\`.)
3. \`PATCH <Location>\` with \`Upload-Offset: 0\`, \`Content-Type: application/offset+octet-stream\` and the bytes, in
   one request or in chunks; each answer (204) gives the new \`Upload-Offset\`.
4. After a cut connection or a reload: \`HEAD <Location>\` answers \`Upload-Offset\`, the bytes the server has; send
   the rest with \`PATCH\` from that offset. A 409 means the offset was wrong: ask HEAD again.
5. The PATCH that completes the file has its content checked (a refused file answers 422 with the reason and
   nothing is kept). Then start the job with \`media_url\` = \`file_url\`.

\`DELETE <Location>\` cancels an unfinished upload and removes its bytes. Unfinished uploads expire after 24 hours
(\`Upload-Expires\`; then 410). Limits: ${MAX_MEDIA_BYTES / 1024 ** 3} GB for video/audio, ${MAX_DOCUMENT_BYTES / MB} MB for documents (413).
Without tus, send the whole file by the signed PUT to \`upload_url\` instead.`;

/** The description of each tag (the sections of the reference). */
export const TAG_TEXTS: Record<EndpointTag, string> = {
  auth: 'Sign-up with a 6-digit e-mail code, login (form data), logout, password reset, sign-in with Google.',
  users: 'The signed-in account: profile, interface language, deletion.',
  uploads:
    'Where to send a file (`POST /v1/uploads/presigned-url`), the signed PUT, and the uploaded file. For ' +
    'resumable uploads see *tus*.',
  tus: TUS_GUIDE,
  jobs:
    'Video and audio jobs (subtitles SRT/VTT, AI voice-over MP3/MP4), prices, the job list, polling and ' +
    'downloads. A job goes queued -> processing (with `stage` and `progress`) -> completed or failed.',
  documents: 'Document jobs: .docx, .xlsx, .srt and .vtt translated with their formatting kept.',
  billing: 'Plans and credit rates, checkout, the billing portal, cancellation, invoices and the Stripe webhook.',
  health: 'Health of the instance, for load balancers.',
  reference: 'This document.',
  api:
    'API keys for programs (Pro and Business plans): send `Authorization: Bearer tjk_...` instead of an access ' +
    'token on any call marked with the lock. A key acts as its owner; it is shown once at creation, stored hashed, ' +
    'and stops working when revoked or when the plan no longer includes API access (403 API_ACCESS_NOT_IN_PLAN). ' +
    'Each key may make API_KEY_RATE_PER_MINUTE requests a minute (600 by default; then 429 RATE_LIMITED).',
  teams:
    "Teams (Business plan): an owner, admins and members sharing the owner account's plan and credit balance. " +
    "A member's jobs reserve and charge the team's balance and are listed for the whole team with `started_by`; " +
    'uploads, API keys and webhooks belong to the team. Owner and admins invite by e-mail (a 6-digit code), ' +
    "remove members and change roles; a member who leaves keeps nothing of the team's.",
};

/** What each kind of authentication means, appended to an operation's description. */
export const AUTH_TEXTS: Record<EndpointAuth, string> = {
  bearer: '',
  none: '',
  signed:
    '**Signed URL**: call the URL exactly as the API gave it; its query carries the expiry and an HMAC ' +
    'signature (no bearer token). An altered or expired URL is refused.',
  stripe: '**Called by Stripe**, authenticated by the `Stripe-Signature` header.',
};
