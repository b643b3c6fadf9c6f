/** Turns valibot issues into one message descriptor per field (forms translate them when they show them). */
import * as v from 'valibot';
import type { MessageDescriptor } from '@lingui/core';

/** Something@host.tld with no spaces (spec section 5: "Must look like {email} with no spaces"). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Validates `input` and returns the first message per field path ('email', 'confirm_password'); {} means valid.
 * Issue messages are descriptor ids; `known` maps them back to their descriptors.
 */
export function collectErrors(schema: v.GenericSchema, input: unknown, known: MessageDescriptor[]): Record<string, MessageDescriptor> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const errors: Record<string, MessageDescriptor> = {};
  for (const issue of result.issues) {
    const field = issue.path?.map((p) => String(p.key)).join('.') ?? '_';
    if (errors[field]) continue;
    errors[field] = known.find((d) => d.id === issue.message) ?? { id: issue.message, message: issue.message };
  }
  return errors;
}
