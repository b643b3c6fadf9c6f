/**
 * The API's calls, one entry each: method, path (OpenAPI style, `{id}`), who may call it, the request body or
 * query schema, the success answer and the error codes it can answer with. The OpenAPI document
 * (GET /v1/openapi.json) is generated from this table, the web app's API client calls through it (and parses
 * each answer with its schema), and a server test checks that every route the server serves is listed here.
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';
import { ENGINE_SET_STAGES, type ErrorCode } from './errors.ts';
import {
  AuthProvidersResponse,
  EmailOnlyRequest,
  LoginRequest,
  LoginResponse,
  ResetPasswordRequest,
  SignupRequest,
  SignupResponse,
  UserResponse,
  VerifyEmailRequest,
} from './auth.ts';
import { ProfileUpdateRequest, ProfileUpdateResponse, UpdateMeRequest } from './users.ts';
import { PresignedUrlRequest, PresignedUrlResponse } from './uploads.ts';
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
import { ShortenRequest, ShortenResponse } from './sync.ts';
import {
  RedubEstimateResponse,
  RedubRequest,
  RevisionsResponse,
  SaveTracksRequest,
  TracksResponse,
  TranslateAgainRequest,
} from './tracks.ts';
import {
  BillingHistoryResponse,
  CancelSubscriptionResponse,
  CheckoutSessionResponse,
  ConfirmTestCheckoutRequest,
  CreateCheckoutRequest,
  PlansResponse,
  PortalSessionResponse,
  TestCheckoutConfirmResponse,
  TestCheckoutSessionResponse,
} from './billing.ts';
import { BuyCreditPackRequest, CreditPackCheckoutResponse } from './credit-packs.ts';
import { ApiKey, ApiKeyListResponse, CreateApiKeyRequest, CreatedApiKeyResponse } from './api-keys.ts';
import {
  CreatedWebhookResponse,
  CreateWebhookRequest,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookListResponse,
} from './webhooks.ts';
import {
  AcceptTeamInvitationRequest,
  CreateTeamRequest,
  InviteTeamMemberRequest,
  TeamResponse,
  UpdateTeamMemberRequest,
} from './teams.ts';
import {
  GlossaryImportRequest,
  GlossaryImportResponse,
  GlossaryListResponse,
  GlossaryTerm,
  GlossaryTermRequest,
} from './glossary.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/**
 * Who may call: 'bearer' needs `Authorization: Bearer <access_token>`; 'none' is public; 'signed' needs the
 * signature the URL carries (signed PUT, downloads, invoices); 'stripe' needs a Stripe-Signature header.
 */
export type EndpointAuth = 'bearer' | 'none' | 'signed' | 'stripe';

export type EndpointTag =
  'auth' | 'users' | 'uploads' | 'tus' | 'jobs' | 'documents' | 'billing' | 'health' | 'reference' | 'api' | 'teams';

// Schemas of any input and output type: the table holds many different ones.
type AnySchema = v.GenericSchema<unknown, unknown>;

/** A request or response header a call documents (tus, Stripe). Values are strings unless `type` says integer. */
export interface EndpointHeader {
  name: string;
  required?: boolean;
  type?: 'string' | 'integer';
  description: string;
}

/** One call of the API. */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  tag: EndpointTag;
  summary: string;
  description?: string;
  auth: EndpointAuth;
  /** JSON body, unless `bodyType` says otherwise. */
  body?: AnySchema;
  /**
   * How the body is sent. Form data is accepted as application/x-www-form-urlencoded or multipart/form-data.
   * The octet-stream kinds are raw file bytes (no schema).
   */
  bodyType?:
    | 'application/json'
    | 'application/x-www-form-urlencoded'
    | 'application/octet-stream'
    | 'application/offset+octet-stream';
  /** The body may be left out (tus creation without bytes). */
  bodyOptional?: boolean;
  query?: AnySchema;
  /** What each `{name}` of the path holds, when more than an id. */
  pathParams?: Readonly<Record<string, string>>;
  /** Request headers the call reads besides Authorization and Content-Type. */
  headers?: readonly EndpointHeader[];
  /**
   * The success status and answer; no schema for a redirect, a file or HTML. `alsoStatuses`: other statuses
   * answered with the same body (/healthz answers 503 with the report). `headers`: response headers, name ->
   * meaning.
   */
  response: {
    status: number;
    schema?: AnySchema;
    contentType?: string;
    description?: string;
    alsoStatuses?: readonly number[];
    headers?: Readonly<Record<string, string>>;
  };
  /**
   * Codes it can answer with (an `ErrorBody`), besides the common ones every call of its kind has
   * (see `errorCodesOf`).
   */
  errors: readonly ErrorCode[];
  /**
   * Failures answered without an `ErrorBody` (plain text or empty), by status: the tus protocol's own answers, a
   * download's unsatisfiable range. With `errors` empty, the call has no `ErrorBody` answers at all (tus).
   */
  textErrors?: Readonly<Record<number, string>>;
  /** The same call served at another path or with another method, answered identically. */
  aliases?: readonly { method: HttpMethod; path: string }[];
}

const json = <T extends AnySchema>(schema: T, status = 200) => ({ status, schema });

/**
 * Why an uploaded file can be refused once its content is read (at the signed PUT, the last tus PATCH, or when a
 * job or an estimate first reads a file sent straight to S3): the media probe's and the document reader's codes.
 */
export const FILE_REFUSALS = [
  'EMPTY_MEDIA',
  'CORRUPT_MEDIA',
  'NO_AUDIO_STREAM',
  'FFMPEG_FAILED',
  'NOT_A_ZIP',
  'NOT_A_WORD_FILE',
  'ENCRYPTED',
  'DTD_FORBIDDEN',
  'ZIP_BOMB',
  'TOO_MANY_PARTS',
  'DOCUMENT_TOO_LARGE',
  'EMPTY_DOCUMENT',
  'CORRUPT_DOCUMENT',
  'UNREADABLE',
  'NOT_A_SUBTITLE_FILE',
  'UNSUPPORTED_FORMAT',
  // A .txt transcript (source_subtitles_url of a media job)
  'SUBTITLE_ENCODING',
  'TRANSCRIPT_EMPTY',
] as const satisfies readonly ErrorCode[];

/**
 * Idempotency-Key (issue 23, Stripe's scheme): the same key with the same body answers the first result for 24 hours
 * and creates nothing again; with a different body 422 IDEMPOTENCY_KEY_REUSED.
 */
const IDEMPOTENCY_KEY: EndpointHeader = {
  name: 'Idempotency-Key',
  description:
    'Up to 255 printable characters (a UUID v4 is a good choice). Retrying with the same key and body answers ' +
    'the first result (with `Idempotent-Replayed: true`) for 24 hours instead of doing it again; the same key ' +
    'with a different body answers 422 IDEMPOTENCY_KEY_REUSED; while the first is still running a duplicate ' +
    'waits for its answer (409 IDEMPOTENCY_KEY_IN_USE after 30 s).',
};
const IDEMPOTENCY_ERRORS = [
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
] as const satisfies readonly ErrorCode[];

/** tus 1.0 requests carry this header; any other value is answered 412. */
const TUS_RESUMABLE: EndpointHeader = {
  name: 'Tus-Resumable',
  required: true,
  description: 'The tus version: 1.0.0.',
};

/**
 * The editor's calls (tracks, revisions, translate again, re-dub). Declared here so both apps share their shapes;
 * ENDPOINTS spreads this table (the server's tracks module serves them).
 */
export const EDITOR_ENDPOINTS = {
  tracks: {
    method: 'GET',
    path: '/v1/jobs/{id}/tracks',
    tag: 'jobs',
    summary: "The job's editable cues: the source track and one track per target language, with rule warnings",
    auth: 'bearer',
    response: json(TracksResponse),
    errors: ['UNAUTHORIZED', 'JOB_NOT_FOUND', 'TRACKS_NOT_READY'],
  },
  saveTracks: {
    method: 'PUT',
    path: '/v1/jobs/{id}/tracks',
    tag: 'jobs',
    summary: 'Save a new revision of the tracks; the SRT/VTT outputs are re-rendered at once (free)',
    description:
      'Send the revision you loaded; 409 REVISION_CONFLICT (with the latest `revision`) when it is not the latest. ' +
      'Subtitle rule breaks come back as warnings per cue, never as refusals.',
    auth: 'bearer',
    body: SaveTracksRequest,
    response: json(TracksResponse),
    errors: [
      'TEAM_NOT_YOURS',
      'UNAUTHORIZED',
      'JOB_NOT_FOUND',
      'TRACKS_NOT_READY',
      'REVISION_CONFLICT',
      'INVALID_CUE',
      'UNKNOWN_SPEAKER',
      'JOB_BUSY',
    ],
  },
  translateAgain: {
    method: 'POST',
    path: '/v1/jobs/{id}/translate-again',
    tag: 'jobs',
    summary: 'Machine-translate the current source cues again into target tracks, as a new revision',
    description:
      'Charged as a document of the words translated, per language (0.5 credits per 100 words, rounded up); ' +
      'at most 10 calls a minute.',
    auth: 'bearer',
    body: TranslateAgainRequest,
    response: json(TracksResponse),
    errors: [
      'TEAM_NOT_YOURS',
      'UNAUTHORIZED',
      'JOB_NOT_FOUND',
      'TRACKS_NOT_READY',
      'NO_ENGINE',
      'ENGINE_FAILED',
      'JOB_BUSY',
      'ENGINE_QUOTA_EXCEEDED',
      'ENGINE_SPEND_CAP_REACHED',
      'ENGINE_INPUT_TOO_LARGE',
      'ENGINE_REFUSED',
      // Issue 24, item 8: priced and rate-limited.
      'PAYMENT_REQUIRED',
      'RATE_LIMITED',
    ],
  },
  shortenCue: {
    method: 'POST',
    path: '/v1/jobs/{id}/tracks/shorten',
    tag: 'jobs',
    summary: 'A shorter rendering of one target cue, within the characters its dub slot allows (nothing is saved)',
    description:
      'Uses the translation engine that can rephrase (GET /v1/capabilities `rephrase`); NO_ENGINE otherwise. ' +
      'Free; at most 20 calls a minute.',
    auth: 'bearer',
    body: ShortenRequest,
    response: json(ShortenResponse),
    errors: [
      'TEAM_NOT_YOURS',
      'UNAUTHORIZED',
      'JOB_NOT_FOUND',
      'TRACKS_NOT_READY',
      'NO_VOICE_OVER',
      'NO_ENGINE',
      'ENGINE_FAILED',
      'ENGINE_QUOTA_EXCEEDED',
      'ENGINE_SPEND_CAP_REACHED',
      'ENGINE_INPUT_TOO_LARGE',
      'ENGINE_REFUSED',
      'RATE_LIMITED',
    ],
  },
  redubEstimate: {
    method: 'POST',
    path: '/v1/jobs/{id}/redub/estimate',
    tag: 'jobs',
    summary: 'What a re-dub would synthesise and cost',
    auth: 'bearer',
    body: RedubRequest,
    response: json(RedubEstimateResponse),
    errors: ['UNAUTHORIZED', 'JOB_NOT_FOUND', 'TRACKS_NOT_READY', 'NO_VOICE_OVER'],
  },
  redub: {
    method: 'POST',
    path: '/v1/jobs/{id}/redub',
    tag: 'jobs',
    summary: 'Voice again only the segments that changed; the job goes back to processing at stage voice_over',
    description: 'Charged at the voice-over rate for the changed seconds (reserved now, refunded on failure).',
    auth: 'bearer',
    body: RedubRequest,
    response: json(JobResponse, 202),
    errors: [
      'TEAM_NOT_YOURS',
      'UNAUTHORIZED',
      'JOB_NOT_FOUND',
      'TRACKS_NOT_READY',
      'NO_VOICE_OVER',
      'NOTHING_TO_REDUB',
      'PAYMENT_REQUIRED',
      'JOB_BUSY',
      // A revision saved after the one priced (issue 24, item 2).
      'REVISION_CONFLICT',
    ],
  },
  revisions: {
    method: 'GET',
    path: '/v1/jobs/{id}/revisions',
    tag: 'jobs',
    summary: 'The revisions of the tracks, newest first',
    auth: 'bearer',
    response: json(RevisionsResponse),
    errors: ['UNAUTHORIZED', 'JOB_NOT_FOUND', 'TRACKS_NOT_READY'],
  },
  restoreRevision: {
    method: 'POST',
    path: '/v1/jobs/{id}/revisions/{n}/restore',
    tag: 'jobs',
    summary: 'Make an earlier revision the latest again (as a new revision); outputs re-rendered',
    auth: 'bearer',
    response: json(TracksResponse),
    errors: ['TEAM_NOT_YOURS', 'UNAUTHORIZED', 'JOB_NOT_FOUND', 'TRACKS_NOT_READY', 'REVISION_NOT_FOUND', 'JOB_BUSY'],
  },
} as const satisfies Record<string, Endpoint>;

/** Plain-text answers every tus request can get (tus 1.0 and @tus/server). */
const TUS_TEXT_ERRORS = {
  401: 'No valid bearer token.',
  404: 'No such upload of yours (unknown id, another user, or already removed).',
  412: 'Tus-Resumable is missing or not 1.0.0.',
  503: 'File storage is not available right now (JSON error body, code STORAGE_UNAVAILABLE).',
} as const;

export const ENDPOINTS = {
  // Sign-in (spec section 7)
  signup: {
    method: 'POST',
    path: '/auth/signup',
    tag: 'auth',
    summary: 'Create an account; a 6-digit code is e-mailed',
    description:
      'An e-mail that already has an account is answered the same way (no account oracle); its owner is e-mailed instead.',
    auth: 'none',
    body: SignupRequest,
    response: json(SignupResponse, 201),
    errors: ['RATE_LIMITED'],
  },
  verifyEmail: {
    method: 'POST',
    path: '/auth/verify-email',
    tag: 'auth',
    summary: 'Verify the e-mail with its 6-digit code',
    auth: 'none',
    body: VerifyEmailRequest,
    response: json(MessageResponse),
    errors: ['RATE_LIMITED', 'INVALID_OTP', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS', 'ALREADY_VERIFIED'],
  },
  resendOtp: {
    method: 'POST',
    path: '/auth/resend-otp',
    tag: 'auth',
    summary: 'Send a new verification code',
    auth: 'none',
    body: EmailOnlyRequest,
    response: json(MessageResponse),
    errors: ['RATE_LIMITED', 'ALREADY_VERIFIED'],
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    tag: 'auth',
    summary: 'Sign in with e-mail (`username`) and password, sent as form data',
    auth: 'none',
    body: LoginRequest,
    bodyType: 'application/x-www-form-urlencoded',
    response: json(LoginResponse),
    errors: ['RATE_LIMITED', 'INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED'],
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    tag: 'auth',
    summary: 'Sign out every device of the user (revokes their access tokens)',
    description: 'GET is accepted too. Without a valid token there is nothing to revoke and the answer is 200.',
    auth: 'bearer',
    response: json(MessageResponse),
    errors: [],
    aliases: [{ method: 'GET', path: '/auth/logout' }],
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/auth/request-password-reset',
    tag: 'auth',
    summary: 'E-mail a password reset link (the same answer whether or not the account exists)',
    auth: 'none',
    body: EmailOnlyRequest,
    response: json(MessageResponse),
    errors: ['RATE_LIMITED'],
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    tag: 'auth',
    summary: 'Set a new password with the token from the e-mailed link',
    auth: 'none',
    body: ResetPasswordRequest,
    response: json(MessageResponse),
    errors: ['RATE_LIMITED', 'INVALID_RESET_TOKEN'],
  },
  authProviders: {
    method: 'GET',
    path: '/v1/auth/providers',
    tag: 'auth',
    summary: 'The sign-in methods offered besides e-mail and password (Google when configured)',
    auth: 'none',
    response: json(AuthProvidersResponse),
    errors: [],
  },
  googleLogin: {
    method: 'GET',
    path: '/auth/login/google',
    tag: 'auth',
    summary: 'Start sign-in with Google (browser navigation)',
    description: 'Redirects to the OpenID Connect provider; it returns to /auth/google/callback.',
    auth: 'none',
    response: { status: 302, description: 'Redirect to the provider' },
    errors: ['GOOGLE_NOT_CONFIGURED', 'GOOGLE_SIGN_IN_UNAVAILABLE'],
  },
  googleCallback: {
    method: 'GET',
    path: '/auth/google/callback',
    tag: 'auth',
    summary: "The provider's return; redirects to /auth/callback?token=...",
    auth: 'none',
    response: { status: 302, description: 'Redirect to the web app with an access token' },
    errors: [
      'GOOGLE_NOT_CONFIGURED',
      'GOOGLE_SIGN_IN_UNAVAILABLE',
      'GOOGLE_EMAIL_UNVERIFIED',
      'GOOGLE_ACCOUNT_CONFLICT',
    ],
  },
  // Account
  me: {
    method: 'GET',
    path: '/v1/users/me',
    tag: 'users',
    summary: 'The signed-in user',
    auth: 'bearer',
    response: json(UserResponse),
    errors: ['UNAUTHORIZED'],
  },
  updateMe: {
    method: 'PUT',
    path: '/v1/users/me',
    tag: 'users',
    summary: 'Change the name, interface language, finished-job e-mail or remembered subtitle style',
    auth: 'bearer',
    body: UpdateMeRequest,
    response: json(UserResponse),
    errors: ['UNAUTHORIZED', 'EMAIL_CHANGE_UNSUPPORTED'],
  },
  updateProfile: {
    method: 'PUT',
    path: '/user/profile',
    tag: 'users',
    summary: "The settings page's profile form (full_name; the e-mail cannot change)",
    auth: 'bearer',
    body: ProfileUpdateRequest,
    response: json(ProfileUpdateResponse),
    errors: ['UNAUTHORIZED', 'EMAIL_CHANGE_UNSUPPORTED'],
  },
  deleteAccount: {
    method: 'DELETE',
    path: '/api/user/delete',
    tag: 'users',
    summary: 'Delete the account, its jobs, files, credits and subscription',
    auth: 'bearer',
    response: json(MessageResponse),
    errors: ['UNAUTHORIZED'],
  },
  billingHistory: {
    method: 'GET',
    path: '/v1/users/me/billing-history',
    tag: 'billing',
    summary: 'Invoices and the next billing date',
    auth: 'bearer',
    response: json(BillingHistoryResponse),
    errors: ['UNAUTHORIZED'],
  },
  // Uploads
  presignedUrl: {
    method: 'POST',
    path: '/v1/uploads/presigned-url',
    tag: 'uploads',
    summary: 'Ask where to send a file: a signed PUT URL and a tus endpoint',
    description:
      'Send the bytes with `PUT upload_url` (Content-Type as declared), or resumably with tus 1.0 to `tus_url`: ' +
      'create with `POST` and `Upload-Metadata: filename <base64>,upload_id <base64 of upload_id>`, send with ' +
      '`PATCH` at `Upload-Offset`, and after a cut connection ask `HEAD` for the offset the server has and go on ' +
      'from there. Once complete, the content is checked; `file_url` then names the file as a job `media_url`.',
    auth: 'bearer',
    body: PresignedUrlRequest,
    headers: [IDEMPOTENCY_KEY],
    response: json(PresignedUrlResponse),
    errors: ['UNAUTHORIZED', 'RATE_LIMITED', 'FILE_TYPE_NOT_ALLOWED', 'FILE_TOO_LARGE', ...IDEMPOTENCY_ERRORS],
  },
  uploadPut: {
    method: 'PUT',
    path: '/uploads/put/{id}',
    tag: 'uploads',
    summary: 'Signed PUT of the file bytes (the upload_url)',
    description:
      'Send the whole file as the body, with the Content-Type given to POST /v1/uploads/presigned-url (the ' +
      'signature covers it) and a Content-Length. The content is checked before anything is stored: a refused ' +
      'file answers with the reason (for example CORRUPT_MEDIA, NOT_A_ZIP) and nothing is kept. S3 clients may ' +
      'send `x-amz-acl: public-read`; it is ignored.',
    auth: 'signed',
    bodyType: 'application/octet-stream',
    query: v.object({ expires: v.string(), signature: v.string() }),
    headers: [
      { name: 'Content-Type', required: true, description: 'The content_type the upload URL was made for.' },
      { name: 'Content-Length', type: 'integer', description: 'Bytes; over the limit is refused at once.' },
    ],
    response: {
      status: 200,
      schema: v.object({ statusCode: v.literal(200), size_bytes: finiteNumber() }),
      headers: { ETag: 'The upload id, quoted (as S3 answers a PUT).' },
    },
    errors: [
      'UPLOAD_URL_INVALID',
      'UPLOAD_CLOSED',
      'UPLOAD_ALREADY_DONE',
      'FILE_TOO_LARGE',
      'STORAGE_UNAVAILABLE',
      ...FILE_REFUSALS,
    ],
  },
  uploadFile: {
    method: 'GET',
    path: '/v1/uploads/{id}/file',
    tag: 'uploads',
    summary: "The owner's uploaded file (a file_url): redirect to a signed download",
    auth: 'bearer',
    response: { status: 302, description: 'Redirect to a signed URL' },
    errors: ['UNAUTHORIZED', 'UPLOAD_NOT_FOUND'],
  },
  // tus 1.0 resumable uploads (the `tus` tag of the OpenAPI document explains the whole exchange)
  tusCreate: {
    method: 'POST',
    path: '/uploads/tus',
    tag: 'tus',
    summary: 'Create a resumable upload (tus creation; bytes may come along: creation-with-upload)',
    description:
      'Ask POST /v1/uploads/presigned-url first: its `upload_id` goes, base64-encoded, into Upload-Metadata. The ' +
      "answer's Location is the upload's URL for HEAD, PATCH and DELETE.",
    auth: 'bearer',
    bodyType: 'application/offset+octet-stream',
    bodyOptional: true,
    headers: [
      TUS_RESUMABLE,
      { name: 'Upload-Length', required: true, type: 'integer', description: 'The whole file, bytes.' },
      {
        name: 'Upload-Metadata',
        required: true,
        description:
          'Comma-separated `key base64(value)` pairs: `upload_id` (required, from POST /v1/uploads/presigned-url) ' +
          'and `filename`. Example: `filename bXkudmlkZW8ubXA0,upload_id ZDBk...`',
      },
      {
        name: 'Content-Type',
        description: 'application/offset+octet-stream, only when bytes are sent with the creation.',
      },
    ],
    response: {
      status: 201,
      description: 'Created',
      headers: {
        Location: 'The upload URL: HEAD, PATCH and DELETE go there.',
        'Upload-Offset': 'Bytes received with the creation (creation-with-upload).',
        'Upload-Expires': 'When an unfinished upload is removed (24 hours).',
        'Tus-Resumable': '1.0.0',
      },
    },
    errors: [],
    textErrors: {
      ...TUS_TEXT_ERRORS,
      400: 'Upload-Length or Upload-Metadata is missing or malformed, or upload_id is not a presigned upload id.',
      404: 'upload_id is not one of your presigned uploads.',
      409: 'This upload_id was already used for a tus upload.',
      413: 'Upload-Length is over the limit (2 GB for media, 50 MB for documents).',
    },
  },
  tusOffset: {
    method: 'HEAD',
    path: '/uploads/tus/{id}',
    tag: 'tus',
    summary: 'How many bytes the server has: resume a cut upload from Upload-Offset',
    description:
      'A finished upload answers Upload-Offset = Upload-Length, so a client that lost the answer to its last ' +
      'PATCH learns that it is done.',
    auth: 'bearer',
    headers: [TUS_RESUMABLE],
    response: {
      status: 200,
      description: 'No body',
      headers: {
        'Upload-Offset': 'Bytes the server has: send the rest from here.',
        'Upload-Length': 'The whole file, bytes.',
        'Cache-Control': 'no-store',
      },
    },
    errors: [],
    textErrors: { ...TUS_TEXT_ERRORS, 410: 'The unfinished upload expired (24 hours) and was removed.' },
  },
  tusPatch: {
    method: 'PATCH',
    path: '/uploads/tus/{id}',
    tag: 'tus',
    summary: 'Send bytes from Upload-Offset (the last chunk completes the upload and has its content checked)',
    auth: 'bearer',
    bodyType: 'application/offset+octet-stream',
    headers: [
      TUS_RESUMABLE,
      {
        name: 'Upload-Offset',
        required: true,
        type: 'integer',
        description: 'Where these bytes start: the offset HEAD answered (0 for a new upload).',
      },
      { name: 'Content-Type', required: true, description: 'application/offset+octet-stream' },
    ],
    response: {
      status: 204,
      description: 'Received',
      headers: { 'Upload-Offset': 'Bytes the server has now.' },
    },
    errors: [],
    textErrors: {
      ...TUS_TEXT_ERRORS,
      403: 'Upload-Offset or Content-Type is missing.',
      409: 'Upload-Offset is not the offset the server has: ask HEAD and go on from its answer.',
      410: 'The unfinished upload expired (24 hours) and was removed.',
      413: 'More bytes than Upload-Length, or over the limit.',
      422: 'The completed file was refused after its content was read (the reason is the body); nothing is kept.',
    },
  },
  tusCancel: {
    method: 'DELETE',
    path: '/uploads/tus/{id}',
    tag: 'tus',
    summary: 'Cancel an unfinished upload (tus termination): its bytes are removed',
    auth: 'bearer',
    headers: [TUS_RESUMABLE],
    response: { status: 204, description: 'Removed' },
    errors: [],
    textErrors: { ...TUS_TEXT_ERRORS, 400: 'A finished upload cannot be cancelled (delete the job instead).' },
  },
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
      'IDEMPOTENCY_KEY_TARGET_DELETED',
      ...IDEMPOTENCY_ERRORS,
      'UNAUTHORIZED',
      'PAYMENT_REQUIRED',
      'NO_ENGINE',
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
      'IDEMPOTENCY_KEY_TARGET_DELETED',
      ...IDEMPOTENCY_ERRORS,
      'UNAUTHORIZED',
      'PAYMENT_REQUIRED',
      'NO_ENGINE',
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
  // Billing
  plans: {
    method: 'GET',
    path: '/v1/plans',
    tag: 'billing',
    summary: 'Plan cards, billing mode and the credit rates of each service',
    auth: 'none',
    response: json(PlansResponse),
    errors: [],
  },
  createCheckoutSession: {
    method: 'POST',
    path: '/v1/billing/create-checkout-session',
    tag: 'billing',
    summary: 'Start checkout for a plan; the browser goes to `url`',
    auth: 'bearer',
    body: CreateCheckoutRequest,
    response: json(CheckoutSessionResponse),
    errors: [
      'TEAM_BILLING_OWNER_ONLY',
      'UNAUTHORIZED',
      'RATE_LIMITED',
      'PLAN_NOT_AVAILABLE',
      'ALREADY_ON_PLAN',
      'PAYMENT_PROVIDER_ERROR',
    ],
  },
  buyCreditPack: {
    method: 'POST',
    path: '/v1/billing/credit-packs/checkout',
    tag: 'billing',
    summary: "Buy a pack of credits at the plan's pay-as-you-go rate; the browser goes to `url`",
    description:
      'Paid plans only (Free: 403 PACKS_NOT_IN_PLAN). Stripe Checkout in payment mode (or the test-mode page); the ' +
      'credits are granted once the payment is confirmed, appear in the billing history, and do not expire at a renewal.',
    auth: 'bearer',
    body: BuyCreditPackRequest,
    response: json(CreditPackCheckoutResponse),
    errors: ['TEAM_BILLING_OWNER_ONLY', 'UNAUTHORIZED', 'RATE_LIMITED', 'PACKS_NOT_IN_PLAN', 'PAYMENT_PROVIDER_ERROR'],
  },
  testCheckoutSession: {
    method: 'GET',
    path: '/v1/billing/test-checkout/session',
    tag: 'billing',
    summary: 'Test mode: what a checkout session buys',
    auth: 'bearer',
    query: v.object({ session_id: v.string() }),
    response: json(TestCheckoutSessionResponse),
    errors: ['TEAM_BILLING_OWNER_ONLY', 'UNAUTHORIZED', 'CHECKOUT_SESSION_INVALID'],
  },
  confirmTestCheckout: {
    method: 'POST',
    path: '/v1/billing/test-checkout/confirm',
    tag: 'billing',
    summary: 'Test mode: apply the plan of a checkout session without payment',
    auth: 'bearer',
    body: ConfirmTestCheckoutRequest,
    response: json(TestCheckoutConfirmResponse),
    errors: ['TEAM_BILLING_OWNER_ONLY', 'UNAUTHORIZED', 'RATE_LIMITED', 'CHECKOUT_SESSION_INVALID', 'NOT_FOUND'],
  },
  createPortalSession: {
    method: 'POST',
    path: '/v1/billing/create-portal-session',
    tag: 'billing',
    summary: 'Open the billing portal; the browser goes to `url`',
    auth: 'bearer',
    response: json(PortalSessionResponse),
    errors: ['TEAM_BILLING_OWNER_ONLY', 'UNAUTHORIZED', 'RATE_LIMITED', 'PAYMENT_PROVIDER_ERROR'],
  },
  cancelSubscription: {
    method: 'POST',
    path: '/v1/billing/cancel-subscription',
    tag: 'billing',
    summary: 'Cancel at the end of the current period',
    auth: 'bearer',
    response: json(CancelSubscriptionResponse),
    errors: ['TEAM_BILLING_OWNER_ONLY', 'UNAUTHORIZED', 'RATE_LIMITED', 'NO_SUBSCRIPTION', 'PAYMENT_PROVIDER_ERROR'],
  },
  testInvoice: {
    method: 'GET',
    path: '/v1/billing/test-invoices/{id}',
    tag: 'billing',
    summary: 'Test mode: an invoice page (HTML), opened from the billing history',
    auth: 'signed',
    query: v.object({ sig: v.string() }),
    response: { status: 200, contentType: 'text/html', description: 'The invoice' },
    errors: ['NOT_FOUND'],
  },
  stripeWebhook: {
    method: 'POST',
    path: '/v1/billing/webhook',
    tag: 'billing',
    summary: 'Stripe events (signature checked on the raw body)',
    description:
      'Stripe signs each event: the Stripe-Signature header holds a timestamp and an HMAC-SHA256 of ' +
      '`timestamp.body` with the webhook secret (STRIPE_WEBHOOK_SECRET), checked on the raw body. A non-2xx ' +
      'answer makes Stripe send the event again later. Without Stripe configured (test mode) it answers 404.',
    auth: 'stripe',
    bodyType: 'application/json',
    headers: [{ name: 'Stripe-Signature', required: true, description: 't=TIMESTAMP,v1=SIGNATURE (Stripe)' }],
    response: json(v.object({ received: v.boolean() })),
    errors: ['WEBHOOK_SIGNATURE_INVALID', 'PAYMENT_PROVIDER_ERROR', 'NOT_FOUND', 'PAYLOAD_TOO_LARGE'],
  },
  // API keys (issue 23)
  listApiKeys: {
    method: 'GET',
    path: '/v1/api-keys',
    tag: 'api',
    summary: "The account's API keys (prefix and last use; never the secret)",
    auth: 'bearer',
    response: json(ApiKeyListResponse),
    errors: ['UNAUTHORIZED'],
  },
  createApiKey: {
    method: 'POST',
    path: '/v1/api-keys',
    tag: 'api',
    summary: 'Create an API key: the answer holds its secret, shown this once',
    description:
      'Only on plans with API access (Pro and Business); Free and Explorer answer 403 API_ACCESS_NOT_IN_PLAN.',
    auth: 'bearer',
    body: CreateApiKeyRequest,
    response: json(CreatedApiKeyResponse, 201),
    errors: ['API_KEY_SESSION_REQUIRED', 'UNAUTHORIZED', 'RATE_LIMITED', 'API_ACCESS_NOT_IN_PLAN', 'API_KEY_LIMIT'],
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/v1/api-keys/{id}',
    tag: 'api',
    summary: 'Revoke an API key: it stops working at once',
    auth: 'bearer',
    response: json(ApiKey),
    errors: ['API_KEY_SESSION_REQUIRED', 'TEAM_NOT_YOURS', 'UNAUTHORIZED', 'API_KEY_NOT_FOUND'],
  },
  // Webhooks (issue 23)
  listWebhooks: {
    method: 'GET',
    path: '/v1/webhooks',
    tag: 'api',
    summary: "The account's webhook endpoints",
    auth: 'bearer',
    response: json(WebhookListResponse),
    errors: ['UNAUTHORIZED'],
  },
  createWebhook: {
    method: 'POST',
    path: '/v1/webhooks',
    tag: 'api',
    summary: 'Add a webhook endpoint: the answer holds its signing secret, shown this once',
    description:
      'Events `job.completed` and `job.failed` (default: both) are POSTed as JSON signed as Standard Webhooks 1.0: ' +
      'headers `webhook-id` (the event id, the same on retries), `webhook-timestamp` (unix seconds) and ' +
      '`webhook-signature` (`v1,` + base64 HMAC-SHA256 of `ID.TIMESTAMP.BODY`, keyed with the base64 after `whsec_`); ' +
      'verify with the official libraries (`new Webhook(secret).verify(body, headers)`) and refuse a timestamp more ' +
      'than 5 minutes off. Each try has 10 s in all (WEBHOOK_TIMEOUT_SECONDS) and at most 4 KB of the answer is read; ' +
      'a non-2xx answer or a timeout is retried with exponential back-off for 24 hours, then the endpoint is ' +
      'disabled and you are e-mailed. The URL must be https and reach a public address. Receivers guide: docs/webhooks.md.',
    auth: 'bearer',
    body: CreateWebhookRequest,
    response: json(CreatedWebhookResponse, 201),
    errors: ['UNAUTHORIZED', 'RATE_LIMITED', 'API_ACCESS_NOT_IN_PLAN', 'WEBHOOK_URL_NOT_ALLOWED', 'WEBHOOK_LIMIT'],
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/v1/webhooks/{id}',
    tag: 'api',
    summary: 'Delete a webhook endpoint (nothing more is sent to it)',
    auth: 'bearer',
    response: json(WebhookEndpoint),
    errors: ['TEAM_NOT_YOURS', 'UNAUTHORIZED', 'WEBHOOK_NOT_FOUND'],
  },
  testWebhook: {
    method: 'POST',
    path: '/v1/webhooks/{id}/test',
    tag: 'api',
    summary: 'Send a `webhook.test` event to the endpoint now',
    auth: 'bearer',
    response: json(WebhookDelivery, 202),
    errors: ['UNAUTHORIZED', 'RATE_LIMITED', 'WEBHOOK_NOT_FOUND'],
  },
  webhookDeliveries: {
    method: 'GET',
    path: '/v1/webhooks/{id}/deliveries',
    tag: 'api',
    summary: "The endpoint's last 50 deliveries with each try's status code",
    auth: 'bearer',
    response: json(WebhookDeliveriesResponse),
    errors: ['UNAUTHORIZED', 'WEBHOOK_NOT_FOUND'],
  },
  // Teams (issue 23 item 5)
  getTeam: {
    method: 'GET',
    path: '/v1/team',
    tag: 'teams',
    summary: "The caller's team (members, roles, pending invitations) and the invitations waiting for the caller",
    auth: 'bearer',
    response: json(TeamResponse),
    errors: ['UNAUTHORIZED'],
  },
  createTeam: {
    method: 'POST',
    path: '/v1/team',
    tag: 'teams',
    summary: "Create a team owned by the caller: the caller's plan and credits become the team's",
    auth: 'bearer',
    body: CreateTeamRequest,
    response: json(TeamResponse, 201),
    errors: ['UNAUTHORIZED', 'RATE_LIMITED', 'TEAMS_NOT_IN_PLAN', 'TEAM_ALREADY_MEMBER'],
  },
  dissolveTeam: {
    method: 'DELETE',
    path: '/v1/team',
    tag: 'teams',
    summary: 'Dissolve the team (owner only): every other member leaves it',
    auth: 'bearer',
    response: json(TeamResponse),
    errors: ['UNAUTHORIZED', 'TEAM_NOT_FOUND', 'TEAM_ROLE_REQUIRED'],
  },
  inviteTeamMember: {
    method: 'POST',
    path: '/v1/team/invitations',
    tag: 'teams',
    summary: 'Invite by e-mail (owner or admin): the address gets a 6-digit code, valid 7 days',
    auth: 'bearer',
    body: InviteTeamMemberRequest,
    response: json(TeamResponse, 201),
    errors: [
      'UNAUTHORIZED',
      'RATE_LIMITED',
      'TEAM_NOT_FOUND',
      'TEAM_ROLE_REQUIRED',
      'TEAMS_NOT_IN_PLAN',
      'TEAM_MEMBER_EXISTS',
      'TEAM_FULL',
    ],
  },
  cancelTeamInvitation: {
    method: 'DELETE',
    path: '/v1/team/invitations/{id}',
    tag: 'teams',
    summary: 'Withdraw a pending invitation (owner or admin)',
    auth: 'bearer',
    response: json(TeamResponse),
    errors: ['UNAUTHORIZED', 'TEAM_NOT_FOUND', 'TEAM_ROLE_REQUIRED', 'NOT_FOUND'],
  },
  acceptTeamInvitation: {
    method: 'POST',
    path: '/v1/team/invitations/accept',
    tag: 'teams',
    summary: "Join the team with the code e-mailed to the caller's address",
    description: 'Five wrong codes make an invitation refuse every code; the team then sends a new one.',
    auth: 'bearer',
    body: AcceptTeamInvitationRequest,
    response: json(TeamResponse),
    errors: ['UNAUTHORIZED', 'RATE_LIMITED', 'TEAM_ALREADY_MEMBER', 'TEAM_INVITATION_INVALID'],
  },
  updateTeamMember: {
    method: 'PATCH',
    path: '/v1/team/members/{id}',
    tag: 'teams',
    summary: "Change a member's role to admin or member (owner or admin; the owner's role is fixed)",
    pathParams: { id: "The member's user id" },
    auth: 'bearer',
    body: UpdateTeamMemberRequest,
    response: json(TeamResponse),
    errors: ['UNAUTHORIZED', 'TEAM_NOT_FOUND', 'TEAM_ROLE_REQUIRED', 'TEAM_MEMBER_NOT_FOUND', 'TEAM_OWNER_FIXED'],
  },
  removeTeamMember: {
    method: 'DELETE',
    path: '/v1/team/members/{id}',
    tag: 'teams',
    summary: "Remove a member (owner or admin; not the owner): they lose the team's jobs, keys, webhooks and credits",
    pathParams: { id: "The member's user id" },
    auth: 'bearer',
    response: json(TeamResponse),
    errors: ['UNAUTHORIZED', 'TEAM_NOT_FOUND', 'TEAM_ROLE_REQUIRED', 'TEAM_MEMBER_NOT_FOUND', 'TEAM_OWNER_FIXED'],
  },
  leaveTeam: {
    method: 'POST',
    path: '/v1/team/leave',
    tag: 'teams',
    summary: "Leave the team (not the owner): back to the caller's own plan and credits",
    auth: 'bearer',
    response: json(TeamResponse),
    errors: ['UNAUTHORIZED', 'TEAM_NOT_FOUND', 'TEAM_OWNER_FIXED'],
  },
  // Glossary (issue 20 item 4, contract/glossary.ts)
  listGlossary: {
    method: 'GET',
    path: '/v1/glossary',
    tag: 'users',
    summary: "The account's glossary terms, alphabetical",
    description:
      'Each term has a source language (or `any`) and per target language a forced translation, or `null` to keep ' +
      'it as it is (`any` as target: every language). Jobs take a snapshot of the glossary when they are created.',
    auth: 'bearer',
    response: json(GlossaryListResponse),
    errors: ['UNAUTHORIZED'],
  },
  createGlossaryTerm: {
    method: 'POST',
    path: '/v1/glossary',
    tag: 'users',
    summary: 'Add a glossary term',
    auth: 'bearer',
    body: GlossaryTermRequest,
    response: json(GlossaryTerm, 201),
    errors: ['UNAUTHORIZED', 'GLOSSARY_TERM_EXISTS', 'GLOSSARY_FULL'],
  },
  updateGlossaryTerm: {
    method: 'PUT',
    path: '/v1/glossary/{id}',
    tag: 'users',
    summary: 'Replace a glossary term (its text, source language and targets)',
    auth: 'bearer',
    body: GlossaryTermRequest,
    response: json(GlossaryTerm),
    errors: ['UNAUTHORIZED', 'GLOSSARY_TERM_NOT_FOUND', 'GLOSSARY_TERM_EXISTS'],
  },
  deleteGlossaryTerm: {
    method: 'DELETE',
    path: '/v1/glossary/{id}',
    tag: 'users',
    summary: 'Delete a glossary term (jobs already created keep their snapshot)',
    auth: 'bearer',
    response: json(GlossaryTerm),
    errors: ['UNAUTHORIZED', 'GLOSSARY_TERM_NOT_FOUND'],
  },
  exportGlossary: {
    method: 'GET',
    path: '/v1/glossary/export',
    tag: 'users',
    summary: 'The glossary as CSV: columns term, source_language, target_language, translation',
    description: 'One row per term and target language; an empty translation means keep as is. UTF-8, RFC 4180.',
    auth: 'bearer',
    response: { status: 200, contentType: 'text/csv', description: 'The CSV file (attachment glossary.csv)' },
    errors: ['UNAUTHORIZED'],
  },
  importGlossary: {
    method: 'POST',
    path: '/v1/glossary/import',
    tag: 'users',
    summary: 'Import a glossary CSV (all rows or none)',
    description:
      'The CSV text in `csv` (at most 512 KB), columns as the export. Terms already there get the targets of the ' +
      'file; `replace: true` empties the glossary first. A bad row answers GLOSSARY_CSV_INVALID with its `line`.',
    auth: 'bearer',
    body: GlossaryImportRequest,
    response: json(GlossaryImportResponse),
    errors: ['UNAUTHORIZED', 'GLOSSARY_CSV_INVALID', 'GLOSSARY_CSV_TOO_LARGE', 'GLOSSARY_FULL'],
  },
  // Operations
  openApi: {
    method: 'GET',
    path: '/v1/openapi.json',
    tag: 'reference',
    summary: 'This reference as an OpenAPI 3.1 document (the interactive page is /docs)',
    description: 'Generated from the contract: contract/endpoints.ts and the valibot schemas it names.',
    auth: 'none',
    response: { status: 200, contentType: 'application/json', description: 'The OpenAPI 3.1 document' },
    errors: [],
  },
  health: {
    method: 'GET',
    path: '/healthz',
    tag: 'health',
    summary: 'Health of the database, queue, mail, storage, engines and billing (503 when a part is down)',
    auth: 'none',
    response: {
      status: 200,
      schema: v.looseObject({ status: v.picklist(['ok', 'degraded']) }),
      description: 'The report: `status` and one entry per part (`ok`, and what it is)',
      alsoStatuses: [503],
    },
    errors: [],
  },
  ready: {
    method: 'GET',
    path: '/readyz',
    tag: 'health',
    summary: 'Readiness: 200 when this process can take requests (database and queue answer, not shutting down)',
    description:
      'Apart from /healthz (the full report): a load balancer sends traffic only to a ready instance; a stopping ' +
      'instance answers 503 at once.',
    auth: 'none',
    response: {
      status: 200,
      schema: v.looseObject({
        status: v.picklist(['ready', 'not_ready']),
        database: v.boolean(),
        queue: v.boolean(),
        stopping: v.boolean(),
        engine_quota: v.picklist(['ok', 'exhausted', 'unknown']),
        engine_quotas: v.optional(
          v.array(
            v.object({
              engine: v.string(),
              exhausted: v.nullable(v.boolean()),
              used: v.nullable(finiteNumber()),
              limit: v.nullable(finiteNumber()),
              error: v.optional(v.string()),
            }),
          ),
        ),
        engine_spend: v.picklist(['ok', 'reached', 'unknown']),
        engines: v.optional(
          v.array(
            v.object({
              engine: v.string(),
              stage: v.picklist(ENGINE_SET_STAGES),
              kind: v.picklist(['local', 'network']),
              available: v.boolean(),
              checked_at: v.pipe(v.string(), v.isoTimestamp()),
              latency_ms: finiteNumber(),
              quota: v.optional(
                v.object({
                  exhausted: v.nullable(v.boolean()),
                  used: v.nullable(finiteNumber()),
                  limit: v.nullable(finiteNumber()),
                  error: v.optional(v.string()),
                }),
              ),
              spend: v.optional(v.object({ spent_usd: finiteNumber(), cap_usd: finiteNumber(), reached: v.boolean() })),
            }),
          ),
        ),
        engine_spends: v.optional(
          v.array(
            v.object({
              engine: v.string(),
              spent_usd: finiteNumber(),
              cap_usd: finiteNumber(),
              reached: v.boolean(),
            }),
          ),
        ),
      }),
      description:
        '`status`, and whether the database and the queue answer and the process is stopping; `engine_quota`: ' +
        "whether an engine's quota is used up (DeepL's /v2/usage; `unknown` when it could not be asked). An " +
        'exhausted quota does not make the instance not ready. `engine_spend`: whether an engine with a monthly ' +
        'spend cap (OPENAI_MONTHLY_SPEND_CAP_USD ...) has reached it this UTC month (its calls are then refused; ' +
        'ok without caps). Loopback clients and the metrics token also get `engine_quotas`: each engine with its ' +
        'characters used and allowed, `engine_spends`: each capped engine with its estimated spend and cap, USD, ' +
        'and `engines`: every configured engine of every stage (best first) with `kind` (local or network), ' +
        '`available` (its check answered: GET /v1/models, /v2/usage, /languages ...; local: program and model ' +
        'present), `checked_at`, `latency_ms` (the check, at most 30 s old), and its `quota` and `spend` when it ' +
        'has them. An engine not available does not make the instance not ready',
      alsoStatuses: [503],
    },
    errors: [],
  },
  metrics: {
    method: 'GET',
    path: '/metrics',
    tag: 'health',
    summary: 'Operator metrics in the Prometheus text format (tarjama_* families)',
    description:
      'Jobs by status, queue depth by plan, stage durations, real-time factor, credits reserved and charged, ' +
      'upload bytes, HTTP latency, per network engine requests, errors by status, latency, units sent and ' +
      'estimated cost (and the month of every process from the database), and the process figures. Answers requests from loopback only, unless the ' +
      'server has METRICS_TOKEN set: then also `Authorization: Bearer METRICS_TOKEN` from anywhere.',
    auth: 'none',
    response: { status: 200, contentType: 'text/plain', description: 'Prometheus text format 0.0.4' },
    errors: ['FORBIDDEN'],
  },
  // The editor (contract/tracks.ts)
  ...EDITOR_ENDPOINTS,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** The parsed answer of an endpoint, from its response schema. */
export type ResponseOf<E extends Endpoint> = E['response'] extends { schema: infer S extends AnySchema }
  ? v.InferOutput<S>
  : never;
/** The body an endpoint takes (its schema's input). */
export type BodyOf<E extends Endpoint> = E extends { body: infer S extends AnySchema } ? v.InferInput<S> : never;

/** `/v1/jobs/{id}` with `{ id: 'x' }` -> `/v1/jobs/x` (values URI-encoded). */
export function pathOf(endpoint: Pick<Endpoint, 'path'>, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** Codes every JSON call can answer with: an unexpected failure. */
export const COMMON_ERRORS = ['INTERNAL'] as const satisfies readonly ErrorCode[];
/**
 * Codes every bearer call can answer with when it is made with an API key (issue 23): the key's plan has no API
 * access, or the key went past its rate.
 */
export const API_KEY_ERRORS = ['API_ACCESS_NOT_IN_PLAN', 'RATE_LIMITED'] as const satisfies readonly ErrorCode[];
/** Codes of a call whose JSON or form body is parsed: bad JSON, a body over 64 KB, a Content-Type not taken. */
export const BODY_ERRORS = [
  'BAD_REQUEST',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
] as const satisfies readonly ErrorCode[];

/** True when the server parses the call's body as JSON or form data (not raw bytes). */
export function parsesBody(endpoint: Pick<Endpoint, 'method' | 'bodyType' | 'auth'>): boolean {
  if (endpoint.method === 'GET' || endpoint.method === 'HEAD') return false;
  if (endpoint.auth === 'stripe') return false; // the webhook keeps the raw body for its signature
  return endpoint.bodyType !== 'application/octet-stream' && endpoint.bodyType !== 'application/offset+octet-stream';
}

/**
 * Every code `endpoint` can answer with as an `ErrorBody`: its own `errors`, plus INTERNAL, plus API_KEY_ERRORS
 * for bearer calls, plus VALIDATION_FAILED
 * when it takes a body or query schema, plus BODY_ERRORS when its body is parsed. A call whose failures are all
 * plain text (tus: `textErrors` and no `errors`) has none.
 */
export function errorCodesOf(endpoint: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>(endpoint.errors);
  if (endpoint.textErrors && !endpoint.errors.length) return [];
  for (const code of COMMON_ERRORS) codes.add(code);
  if (endpoint.auth === 'bearer') for (const code of API_KEY_ERRORS) codes.add(code);
  if (endpoint.body || endpoint.query) codes.add('VALIDATION_FAILED');
  if (parsesBody(endpoint)) for (const code of BODY_ERRORS) codes.add(code);
  return [...codes];
}
