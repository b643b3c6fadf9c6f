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

/** An optional number matching `pattern` (else `message`) within [min, max]; unset or empty: undefined. */
const optionalMatching = (pattern: RegExp, message: string, min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) => (s === '' ? undefined : s)),
      v.union([
        v.undefined(),
        v.pipe(
          v.string(),
          v.regex(pattern, message),
          v.transform(Number),
          v.minValue(min, `must be at least ${min}`),
          v.maxValue(max, `must be at most ${max}`),
        ),
      ]),
    ),
  );

/** An optional integer within [min, max]; unset or empty: undefined. */
export const optionalInt = (min: number, max: number) =>
  optionalMatching(/^-?\d+$/, 'must be a whole number', min, max);

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

/** An optional decimal number within [min, max]; unset or empty: undefined. */
export const optionalNumber = (min: number, max: number) =>
  optionalMatching(/^\d+(\.\d+)?$/, 'must be a number', min, max);

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

/**
 * Which proxies in front of the server are trusted to tell the client's address (X-Forwarded-For), as Fastify's
 * `trustProxy` takes it (issue 24 item 12): `false` (none, the default), a hop count (`1`: the one proxy in front;
 * `true` means 1, never "every hop", which let a client name itself with a forged left-most address), or a
 * comma-separated list of proxy addresses and CIDR ranges (`10.0.0.1,10.1.0.0/16`).
 */
export const trustedProxies = () =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) =>
          /^(true|false|yes|no|0|[1-9]\d?)$/i.test(s) ||
          s.split(',').every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(a.trim()) && a.trim() !== ''),
        'must be false, a hop count (1, 2...) or a comma-separated list of proxy addresses or CIDR ranges',
      ),
      v.transform((s): false | number | string[] => {
        const lower = s.toLowerCase();
        if (lower === 'false' || lower === 'no' || lower === '0') return false;
        if (lower === 'true' || lower === 'yes') return 1;
        if (/^\d+$/.test(s)) return Number(s);
        return s.split(',').map((a) => a.trim());
      }),
    ),
    'false',
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
