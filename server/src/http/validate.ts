/** Request validation with valibot schemas that live beside their route. */
import * as v from 'valibot';
import { AppError } from '../errors.ts';
import { NO_CONTROL_CHARACTERS_MESSAGE } from '../../../contract/text-hygiene.ts';

/** Paths (`a.b.0`) of every string in `input` holding a NUL, which no database text column can store. */
function nulPaths(input: unknown, prefix = '', found: string[] = [], depth = 0): string[] {
  if (typeof input === 'string') {
    if (input.includes('\0')) found.push(prefix || 'body');
  } else if (input && typeof input === 'object' && depth < 8) {
    for (const [key, value] of Object.entries(input))
      nulPaths(value, prefix ? `${prefix}.${key}` : key, found, depth + 1);
  }
  return found;
}

/**
 * Parses `input` with `schema`. A NUL in any string of the input is refused whatever the schema (issue 14).
 * @throws AppError VALIDATION_FAILED whose message names each bad field ("email: Email is required") and whose
 *   body carries `fields: { name: message }`.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const fields: Record<string, string> = {};
  for (const key of nulPaths(input)) fields[key] = NO_CONTROL_CHARACTERS_MESSAGE;
  const result = v.safeParse(schema, input ?? {});
  if (result.success && !Object.keys(fields).length) return result.output;
  for (const issue of result.issues ?? []) {
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'body';
    fields[key] ??= issue.message;
  }
  const message = Object.entries(fields)
    .map(([k, m]) => `${k}: ${m}`)
    .join('; ');
  throw new AppError('VALIDATION_FAILED', message, { fields });
}
