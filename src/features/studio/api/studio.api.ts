/** Studio calls that do not go through the worker: the exact price of a configured job. */
import { apiRequest } from '../../../lib/api-client.ts';

export interface Estimate {
  credits: number;
  balance: number;
  media_seconds?: number;
  word_count?: number;
}

/** POST /v1/jobs/estimate: the server's price in credits from the real media duration or word count. */
export const estimateJob = (body: { media_url: string; target_languages: string[]; services_to_run: string[] }, signal?: AbortSignal) =>
  apiRequest<Estimate>('/v1/jobs/estimate', { method: 'POST', json: body, signal });
