/** Request validation with valibot schemas that live beside their route. */
import * as v from 'valibot';
import { AppError } from '../errors.ts';

/**
 * Parses `input` with `schema`.
 * @throws AppError VALIDATION_FAILED whose message names each bad field ("email: Email is required") and whose
 *   body carries `fields: { name: message }`.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'body';
    fields[key] ??= issue.message;
  }
  const message = Object.entries(fields)
    .map(([k, m]) => `${k}: ${m}`)
    .join('; ');
  throw new AppError('VALIDATION_FAILED', message, { fields });
}
