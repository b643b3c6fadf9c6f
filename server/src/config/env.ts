/**
 * Small valibot helpers for reading environment variables (always strings) into typed settings.
 * Each config section (app, engines, billing) declares its variables with these.
 */
import * as v from 'valibot';

/** An optional string; empty strings count as unset. */
export const optionalString = () =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  );

/** A string with a default. */
export const stringWithDefault = (fallback: string) => v.optional(v.pipe(v.string(), v.trim()), fallback);

/** An integer within [min, max], with a default. */
export const intWithDefault = (fallback: number, min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^-?\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(min, `must be at least ${min}`),
      v.maxValue(max, `must be at most ${max}`),
    ),
    String(fallback),
  );

/** A decimal number within [min, max], with a default. */
export const numberWithDefault = (fallback: number, min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^-?\d+(\.\d+)?$/, 'must be a number'),
      v.transform(Number),
      v.minValue(min, `must be at least ${min}`),
      v.maxValue(max, `must be at most ${max}`),
    ),
    String(fallback),
  );

/** 'true'/'false'/'1'/'0' with a default. */
export const boolWithDefault = (fallback: boolean) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.picklist(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
      v.transform((s) => s === 'true' || s === '1' || s === 'yes'),
    ),
    fallback ? 'true' : 'false',
  );

/** An optional absolute http(s) URL. */
export const optionalUrl = () =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) => (s === '' ? undefined : s)),
      v.union([v.undefined(), v.pipe(v.string(), v.url('must be an absolute URL'))]),
    ),
  );

/** One of a fixed list, with a default. */
export const choiceWithDefault = <const T extends readonly [string, ...string[]]>(choices: T, fallback: T[number]) =>
  v.optional(
    v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(choices, `must be one of ${choices.join(', ')}`)),
    fallback,
  );
