/**
 * Settings of the speech, translation and voice engines (owned by the media pipeline).
 * Every variable here is listed in the README's configuration table.
 */
import * as v from 'valibot';

export const enginesEnv = {};

type EnginesEnv = v.InferOutput<v.ObjectSchema<typeof enginesEnv, undefined>>;

/** Typed engine settings. */
export interface EnginesConfig {}

export function checkEnginesEnv(_e: EnginesEnv): string[] {
  return [];
}

export function toEnginesConfig(_e: EnginesEnv): EnginesConfig {
  return {};
}
