/**
 * The official `@elevenlabs/elevenlabs-js` client of one ElevenLabs account, configured for our retry rules: the
 * SDK's own retries are off (sdk-call.ts `callWithRetry` retries, honouring Retry-After), its timeout is the
 * per-try setting. Shared by the speakers (speech-to-text) and voice (text-to-speech, cloning) engines.
 */
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import type { EngineHttpSettings } from './http-client.ts';

/** A client for the account (`baseUrl` without a trailing slash, e.g. https://api.elevenlabs.io). */
export function elevenLabsClient(account: { baseUrl: string; apiKey: string }, http: EngineHttpSettings) {
  return new ElevenLabsClient({
    apiKey: account.apiKey,
    baseUrl: account.baseUrl,
    timeoutInSeconds: http.timeoutSeconds,
    maxRetries: 0,
  });
}

/** True when the account answers GET /v1/models within 5 s (the engines' `available`). */
export async function elevenLabsAvailable(client: ElevenLabsClient): Promise<boolean> {
  try {
    await client.models.list({ timeoutInSeconds: 5, maxRetries: 0 });
    return true;
  } catch {
    return false;
  }
}
