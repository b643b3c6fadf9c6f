/**
 * The error code and the English sentence of an engine failure, by its kind (`EngineFailureKind`, below):
 * failures a retry cannot fix get their own codes (the job runner fails those at once and gives the credits back);
 * anything else is ENGINE_FAILED, which the worker may retry. The error class of every engine call (HTTP and SDK
 * alike) lives here too, below http-client.ts and engine-usage.ts, which both throw it.
 */

/**
 * Why an engine call failed: `quota` (DeepL 456, OpenAI 429 `insufficient_quota`), `spend_cap` (refused before
 * sending: the engine's estimated spend this month reached the operator's cap, engine-usage.ts), `input_too_large` (413, or 400
 * naming a length or size limit, OpenAI `context_length_exceeded`), `refused` (401/403 key, other 4xx: the same
 * request would be refused again), `unavailable` (network, timeout, 5xx, rate limit after the retries: may pass).
 */
export type EngineFailureKind = 'quota' | 'spend_cap' | 'input_too_large' | 'refused' | 'unavailable';

/** An HTTP API answered with an error; the message names the engine, the status and the API's own message. */
export class EngineHttpError extends Error {
  constructor(
    message: string,
    readonly engine: string,
    readonly status: number,
    readonly kind: EngineFailureKind = 'unavailable',
    /** The vendor's id of the failed request (OpenAI's `x-request-id`...), what its support asks for; in the message. */
    readonly requestId?: string,
  ) {
    super(requestId ? `${message} [request id ${requestId}]` : message);
    this.name = 'EngineHttpError';
  }
}

/** The contract codes of engine failures (contract/errors.ts). */
export type EngineFailureCode =
  'ENGINE_FAILED' | 'ENGINE_QUOTA_EXCEEDED' | 'ENGINE_SPEND_CAP_REACHED' | 'ENGINE_INPUT_TOO_LARGE' | 'ENGINE_REFUSED';

const CODES: Record<EngineFailureKind, EngineFailureCode> = {
  quota: 'ENGINE_QUOTA_EXCEEDED',
  spend_cap: 'ENGINE_SPEND_CAP_REACHED',
  input_too_large: 'ENGINE_INPUT_TOO_LARGE',
  refused: 'ENGINE_REFUSED',
  unavailable: 'ENGINE_FAILED',
};

/** The failure kind of any error an engine threw (not an HTTP error: unavailable). */
export function engineFailureKind(e: unknown): EngineFailureKind {
  return e instanceof EngineHttpError ? e.kind : 'unavailable';
}

/** True when retrying the same call cannot succeed (quota, spend cap, too large, refused). */
export const isPermanentEngineFailure = (e: unknown) => engineFailureKind(e) !== 'unavailable';

/**
 * The code and English message of an engine failure, naming the stage ('translation', 'speech', 'voice') and the
 * engine id; the engine's own words are never part of it (they go to the technical detail).
 */
export function engineFailure(
  e: unknown,
  stage: string,
  engineId: string,
): { code: EngineFailureCode; message: string } {
  const kind = engineFailureKind(e);
  const engine = `The ${stage} engine (${engineId})`;
  const message = {
    quota: `${engine} has used up its quota. Your credits were given back; try again once the quota is renewed.`,
    spend_cap: `${engine} is temporarily limited on this server. Your credits were given back; please try again later.`,
    input_too_large: `${engine} does not accept input this large in one request, so trying again will not help.`,
    refused: `${engine} refused the request (its API key or settings are not accepted): the operator must fix the settings.`,
    unavailable: `${engine} failed. Please try again later.`,
  }[kind];
  return { code: CODES[kind], message };
}
