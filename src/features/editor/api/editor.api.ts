/** The editor's calls (contract EDITOR_ENDPOINTS) through the one API client. */
import { EDITOR_ENDPOINTS, ENDPOINTS } from '../../../../contract/endpoints.ts';
import type { SaveTracksRequest } from '../../../../contract/tracks.ts';
import { callApi } from '../../../lib/api-client.ts';
import { withGlossaryFlags } from '../glossary-flags.ts';

/** The job itself: its media (`source_file_url`), languages and outputs. */
export const getJob = (id: string, signal?: AbortSignal) => callApi(ENDPOINTS.getJob, { params: { id }, signal });

/** The latest revision of the job's tracks. @throws ApiError TRACKS_NOT_READY for a job that cannot be edited. */
export const getTracks = (id: string, signal?: AbortSignal) =>
  callApi(EDITOR_ENDPOINTS.tracks, { params: { id }, signal }).then(withGlossaryFlags);

/** Saves revision `body.revision + 1`. @throws ApiError REVISION_CONFLICT, INVALID_CUE, JOB_BUSY; NetworkError offline. */
export const saveTracks = (id: string, body: SaveTracksRequest) =>
  callApi(EDITOR_ENDPOINTS.saveTracks, { params: { id }, body }).then(withGlossaryFlags);

/** Machine-translates the current source cues again into `languages` (a new revision). */
export const translateAgain = (id: string, languages: string[]) =>
  callApi(EDITOR_ENDPOINTS.translateAgain, { params: { id }, body: { languages } }).then(withGlossaryFlags);

/** What re-dubbing `languages` would voice and cost (credits). */
export const estimateRedub = (id: string, languages: string[]) =>
  callApi(EDITOR_ENDPOINTS.redubEstimate, { params: { id }, body: { languages } });

/** Starts the re-dub; the job goes back to processing. @throws ApiError PAYMENT_REQUIRED, NOTHING_TO_REDUB. */
export const redub = (id: string, languages: string[]) =>
  callApi(EDITOR_ENDPOINTS.redub, { params: { id }, body: { languages } });
