/**
 * The official `@elevenlabs/elevenlabs-js` client of one ElevenLabs account, configured for our retry rules: the
 * SDK's own retries are off (sdk-call.ts `callWithRetry` retries, honouring Retry-After), its timeout is the
 * per-try setting. Shared by the speakers (speech-to-text), voice (text-to-speech, cloning) and separation (audio
 * isolation) engines.
 *
 * The SDK is loaded on the first call, not when this module is imported: it is the heaviest module the server has
 * (measured 1.5-4 s to import on the 2-core machine, more than the rest of the engines together), and a deployment
 * without an ElevenLabs account, the embedded default, never needs it. Every process start (API, worker, CLI) and
 * every server test file paid that import before.
 */
import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import type { EngineHttpSettings } from './http-client.ts';

type ElevenLabsSdk = typeof import('@elevenlabs/elevenlabs-js');

let sdk: ElevenLabsSdk | undefined;
let loading: Promise<ElevenLabsSdk> | undefined;

/** The SDK module, imported once on first use. */
async function loadSdk(): Promise<ElevenLabsSdk> {
  loading ??= import('@elevenlabs/elevenlabs-js').then((m) => (sdk = m));
  return loading;
}

/**
 * The SDK module when something has already loaded it, else undefined: an error can only be one of the SDK's
 * classes (sdk-call.ts `readElevenLabsFailure`) once the SDK was loaded to make the call that threw it.
 */
export const loadedElevenLabsSdk = (): ElevenLabsSdk | undefined => sdk;

/** A client made on its first use: `await client()` gives the same ElevenLabsClient every time. */
export type LazyElevenLabsClient = () => Promise<ElevenLabsClient>;

/** A client for the account (`baseUrl` without a trailing slash, e.g. https://api.elevenlabs.io), made on first use. */
export function elevenLabsClient(
  account: { baseUrl: string; apiKey: string },
  http: EngineHttpSettings,
): LazyElevenLabsClient {
  let made: Promise<ElevenLabsClient> | undefined;
  return () =>
    (made ??= loadSdk().then(
      ({ ElevenLabsClient }) =>
        new ElevenLabsClient({
          apiKey: account.apiKey,
          baseUrl: account.baseUrl,
          timeoutInSeconds: http.timeoutSeconds,
          maxRetries: 0,
        }),
    ));
}

/** True when the account answers GET /v1/models within 5 s (the engines' `available`). */
export async function elevenLabsAvailable(client: LazyElevenLabsClient): Promise<boolean> {
  try {
    await (await client()).models.list({ timeoutInSeconds: 5, maxRetries: 0 });
    return true;
  } catch {
    return false;
  }
}
