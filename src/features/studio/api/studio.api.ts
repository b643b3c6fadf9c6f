/** Studio calls that do not go through the worker: the exact price of a configured job, the remembered style. */
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import type { EstimateRequest, SubtitleStyle } from '../../../../contract/jobs.ts';
import { callApi } from '../../../lib/api-client.ts';

/** POST /v1/jobs/estimate: the server's price in credits from the real media length or word count. */
export const estimateJob = (body: EstimateRequest, signal?: AbortSignal) =>
  callApi(ENDPOINTS.estimate, { body, signal });

/**
 * PUT /v1/users/me { subtitle_style }: remembers the studio's subtitle style for the next visit; answers the
 * updated user. @throws ApiError / NetworkError as callApi does.
 */
export const saveSubtitleStyle = (style: SubtitleStyle) =>
  callApi(ENDPOINTS.updateMe, { body: { subtitle_style: style } });
