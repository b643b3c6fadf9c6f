/** Studio calls that do not go through the worker: the exact price of a configured job. */
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import type { EstimateRequest } from '../../../../contract/jobs.ts';
import { callApi } from '../../../lib/api-client.ts';

/** POST /v1/jobs/estimate: the server's price in credits from the real media length or word count. */
export const estimateJob = (body: EstimateRequest, signal?: AbortSignal) =>
  callApi(ENDPOINTS.estimate, { body, signal });
