/**
 * The error code and the English sentence of an engine failure, by its kind (http-client.ts `EngineFailureKind`):
 * failures a retry cannot fix get their own codes (the job runner fails those at once and gives the credits back);
 * anything else is ENGINE_FAILED, which the worker may retry.
 */
import { EngineHttpError, type EngineFailureKind } from './http-client.ts';

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
