/**
 * The official `openai` SDK client of one OpenAI-compatible endpoint, configured for our retry rules: the SDK's own
 * retries are off (sdk-call.ts `callWithRetry` retries, honouring Retry-After), its timeout is the per-try setting.
 */
import OpenAI from 'openai';
import type { OpenAiEndpoint } from '../config/engines.config.ts';
import type { EngineHttpSettings } from './http-client.ts';

/** A client for `ep` (`baseUrl` without `/v1`; servers without a key get the placeholder key 'none'). */
export function openAiClient(ep: OpenAiEndpoint, http: EngineHttpSettings): OpenAI {
  return new OpenAI({
    apiKey: ep.apiKey ?? 'none',
    baseURL: `${ep.baseUrl}/v1`,
    timeout: http.timeoutSeconds * 1000,
    maxRetries: 0,
  });
}

/** True when the server answers GET /v1/models within 5 s (the engines' `available`). */
export async function openAiAvailable(client: OpenAI): Promise<boolean> {
  try {
    await client.models.list({ timeout: 5000, maxRetries: 0 });
    return true;
  } catch {
    return false;
  }
}
