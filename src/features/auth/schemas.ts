/**
 * Validation of the auth forms with the contract's field schemas (contract/auth.ts: spec section 5's rules and
 * messages, the same the server checks) plus the web-only confirm-password rule. Messages are shown through
 * src/lib/contract-messages.ts, in the user's language.
 */
import * as v from 'valibot';
import type { MessageDescriptor } from '@lingui/core';
import {
  EmailOnlyRequest,
  EmailSchema,
  LoginRequest,
  NewPasswordSchema,
  SignupRequest,
} from '../../../contract/auth.ts';
import { messageOf, WEB_FORM_MESSAGES } from '../../lib/contract-messages.ts';
import { collectErrors, issueMessages } from '../../lib/validation.ts';

/** Field errors of `input` against a form schema (first message per field). */
export const fieldErrors = collectErrors;

/** Spec section 5: the confirmation must equal the password (a web-only rule: the API never sees it). */
const MISMATCH = 'Passwords do not match' satisfies keyof typeof WEB_FORM_MESSAGES;

/** The checklist's rules, in display order: the contract's password messages (spec section 5). */
const CHECKLIST: ReadonlyArray<{ id: string; english: string }> = [
  { id: 'length', english: 'At least 8 characters long' },
  { id: 'upper', english: 'Contains at least one uppercase letter' },
  { id: 'lower', english: 'Contains at least one lowercase letter' },
  { id: 'number', english: 'Contains at least one number' },
];

/** The live checklist: each rule with whether `password` meets it, judged by the contract's NewPasswordSchema. */
export function passwordChecklist(password: string): Array<{ id: string; message: MessageDescriptor; ok: boolean }> {
  const failed = new Set(issueMessages(NewPasswordSchema, password));
  return CHECKLIST.map((rule) => ({ id: rule.id, message: messageOf(rule.english), ok: !failed.has(rule.english) }));
}

/** Sign in (spec section 5: both fields required; the e-mail must look like one). */
export const SignInSchema = v.object({ email: EmailSchema, password: LoginRequest.entries.password });

/** Sign up: the contract's signup body plus the confirmation. */
export const SignUpSchema = v.pipe(
  v.object({ ...SignupRequest.entries, confirm_password: v.string() }),
  v.forward(
    v.partialCheck([['password'], ['confirm_password']], (i) => i.password === i.confirm_password, MISMATCH),
    ['confirm_password'],
  ),
);

/** Reset: the contract's new-password rules plus the confirmation. */
export const ResetPasswordSchema = v.pipe(
  v.object({ password: NewPasswordSchema, confirm_password: v.string() }),
  v.forward(
    v.partialCheck([['password'], ['confirm_password']], (i) => i.password === i.confirm_password, MISMATCH),
    ['confirm_password'],
  ),
);

export const ForgotPasswordSchema = EmailOnlyRequest;
