import { JobResponse } from './jobs.ts';
import { ShortenRequest, ShortenResponse } from './sync.ts';
import {
  RedubEstimateResponse,
  RedubRequest,
  RevisionsResponse,
  SaveTracksRequest,
  TracksResponse,
  TranslateAgainRequest,
} from './tracks.ts';
import type { ErrorCode } from './errors.ts';
import { json, type Endpoint } from './endpoint.ts';

/** What every call on a job's tracks can answer: not yours (a team member), not signed in, no such job, no tracks. */
const TRACKS_ERRORS = [
  'TEAM_NOT_YOURS',
  'UNAUTHORIZED',
  'JOB_NOT_FOUND',
  'TRACKS_NOT_READY',
] as const satisfies readonly ErrorCode[];

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
    summary:
      'Save a new revision of the tracks; every output follows it (SRT/VTT at once, the burnt-in video by its render run, the dub on a re-dub; free)',
    description:
      'Send the revision you loaded; 409 REVISION_CONFLICT (with the latest `revision`) when it is not the latest. ' +
      'Subtitle rule breaks come back as warnings per cue, never as refusals.',
    auth: 'bearer',
    body: SaveTracksRequest,
    response: json(TracksResponse),
    errors: [...TRACKS_ERRORS, 'REVISION_CONFLICT', 'INVALID_CUE', 'UNKNOWN_SPEAKER', 'JOB_BUSY'],
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
      ...TRACKS_ERRORS,
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
      ...TRACKS_ERRORS,
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
      ...TRACKS_ERRORS,
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
