/** The editor's revision calls (contract EDITOR_ENDPOINTS.revisions / restoreRevision) through the one API client. */
import { EDITOR_ENDPOINTS } from '../../../../contract/endpoints.ts';
import { callApi } from '../../../lib/api-client.ts';

/** The revisions of the job's tracks, newest first (`created_at` ISO 8601). @throws ApiError TRACKS_NOT_READY. */
export const getRevisions = (id: string, signal?: AbortSignal) =>
  callApi(EDITOR_ENDPOINTS.revisions, { params: { id }, signal });

/**
 * Makes revision `n` the latest again, as a new revision; answers the tracks as GET tracks does.
 * @throws ApiError REVISION_NOT_FOUND, JOB_BUSY.
 */
export const restoreRevision = (id: string, n: number) =>
  callApi(EDITOR_ENDPOINTS.restoreRevision, { params: { id, n: String(n) } });
