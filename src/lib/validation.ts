/**
 * Form validation with the contract's schemas: the first issue per field, as the descriptor of its English message
 * (src/lib/contract-messages.ts), so the form shows it in the user's language.
 */
import * as v from 'valibot';
import type { MessageDescriptor } from '@lingui/core';
import { messageOf } from './contract-messages.ts';

/** Validates `input`; returns the first message per field path ('email', 'confirm_password'). {} means valid. */
export function collectErrors(schema: v.GenericSchema, input: unknown): Record<string, MessageDescriptor> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const errors: Record<string, MessageDescriptor> = {};
  for (const issue of result.issues) {
    const field = issue.path?.map((p) => String(p.key)).join('.') ?? '_';
    errors[field] ??= messageOf(issue.message);
  }
  return errors;
}

/** Every English message of the issues of `input` against `schema` (all of them, not only the first per field). */
export function issueMessages(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
}
