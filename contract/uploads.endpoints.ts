/**
 * Uploads: the signed PUT and tus 1.0 (resumable): the endpoint table of this domain (contract/endpoint.ts has the
 * shape).
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';
import { PresignedUrlRequest, PresignedUrlResponse } from './uploads.ts';
import {
  FILE_REFUSALS,
  IDEMPOTENCY_ERRORS,
  IDEMPOTENCY_KEY,
  TUS_RESUMABLE,
  TUS_TEXT_ERRORS,
  json,
  type Endpoint,
} from './endpoint.ts';

export const UPLOAD_ENDPOINTS = {
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
} as const satisfies Record<string, Endpoint>;
