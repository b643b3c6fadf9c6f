/**
 * The one number schema of the contract. valibot's `v.number()` refuses NaN but lets Infinity through, and
 * JSON.parse reads an over-long literal such as `1e999` as Infinity (issue 24, item 1: a cue end of 1e999 made
 * the re-dub price 0 and the SRT read `Infinity:NaN:NaN,NaN`). Every numeric field of the contract, sent or
 * answered, is a finite number through this schema; tests/unit/contract-numbers.test.ts walks every exported
 * schema to keep it so.
 */
import * as v from 'valibot';

/** A finite number schema (what `finiteNumber` returns). */
export type FiniteNumberSchema = v.SchemaWithPipe<
  readonly [v.NumberSchema<string | undefined>, v.FiniteAction<number, string | undefined>]
>;

/**
 * A finite JSON number (not Infinity, -Infinity or NaN). `message`: the field's own words for a value that is not
 * a number or not finite (valibot's own words when none, as for every unnamed field).
 */
export function finiteNumber(message?: string): FiniteNumberSchema {
  return v.pipe(v.number(message), v.finite(message));
}
