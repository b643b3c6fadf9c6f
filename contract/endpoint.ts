/**
 * The shape of one API call in the endpoint tables (contract/*.endpoints.ts, gathered in contract/endpoints.ts) and
 * what several tables share: the file refusals, the Idempotency-Key and tus headers.
 */
import * as v from 'valibot';
import { type ErrorCode } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/**
 * Who may call: 'bearer' needs `Authorization: Bearer <access_token>`; 'none' is public; 'signed' needs the
 * signature the URL carries (signed PUT, downloads, invoices); 'stripe' needs a Stripe-Signature header.
 */
export type EndpointAuth = 'bearer' | 'none' | 'signed' | 'stripe';

export type EndpointTag =
  'auth' | 'users' | 'uploads' | 'tus' | 'jobs' | 'documents' | 'billing' | 'health' | 'reference' | 'api' | 'teams';

// Schemas of any input and output type: the table holds many different ones.
export type AnySchema = v.GenericSchema<unknown, unknown>;

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

export const json = <T extends AnySchema>(schema: T, status = 200) => ({ status, schema });

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
export const IDEMPOTENCY_KEY: EndpointHeader = {
  name: 'Idempotency-Key',
  description:
    'Up to 255 printable characters (a UUID v4 is a good choice). Retrying with the same key and body answers ' +
    'the first result (with `Idempotent-Replayed: true`) for 24 hours instead of doing it again; the same key ' +
    'with a different body answers 422 IDEMPOTENCY_KEY_REUSED; while the first is still running a duplicate ' +
    'waits for its answer (409 IDEMPOTENCY_KEY_IN_USE after 30 s).',
};
export const IDEMPOTENCY_ERRORS = [
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
] as const satisfies readonly ErrorCode[];

/** tus 1.0 requests carry this header; any other value is answered 412. */
export const TUS_RESUMABLE: EndpointHeader = {
  name: 'Tus-Resumable',
  required: true,
  description: 'The tus version: 1.0.0.',
};

/** Plain-text answers every tus request can get (tus 1.0 and @tus/server). */
export const TUS_TEXT_ERRORS = {
  401: 'No valid bearer token.',
  404: 'No such upload of yours (unknown id, another user, or already removed).',
  412: 'Tus-Resumable is missing or not 1.0.0.',
  503: 'File storage is not available right now (JSON error body, code STORAGE_UNAVAILABLE).',
} as const;
