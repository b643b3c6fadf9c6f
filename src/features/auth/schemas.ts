/**
 * Validation rules of the auth and profile forms, with the spec's exact messages (spec section 5).
 * Messages are Lingui descriptors; the form translates them when it shows them.
 */
import * as v from 'valibot';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { collectErrors, EMAIL_RE } from '../../lib/validation.ts';

export const M = {
  emailRequired: msg`Email is required`,
  emailInvalid: msg`Please enter a valid email address`,
  passwordRequired: msg`Password is required`,
  minLength: msg`At least 8 characters long`,
  upper: msg`Contains at least one uppercase letter`,
  lower: msg`Contains at least one lowercase letter`,
  number: msg`Contains at least one number`,
  mismatch: msg`Passwords do not match`,
  fullNameRequired: msg`Full name is required`,
  nameMin: msg`Name must be at least 2 characters.`,
} as const;


/** The four password rules of the live checklist, in display order. */
export const PASSWORD_RULES: ReadonlyArray<{ id: string; message: MessageDescriptor; test: (p: string) => boolean }> = [
  { id: 'length', message: M.minLength, test: (p) => p.length >= 8 },
  { id: 'upper', message: M.upper, test: (p) => /[A-Z]/.test(p) },
  { id: 'lower', message: M.lower, test: (p) => /[a-z]/.test(p) },
  { id: 'number', message: M.number, test: (p) => /\d/.test(p) },
];

const key = (d: MessageDescriptor) => d.id as string;

/** Field errors with this form's messages. */
export const fieldErrors = (schema: v.GenericSchema, input: unknown) => collectErrors(schema, input, Object.values(M));

export const EmailSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(key(M.emailRequired)), v.regex(EMAIL_RE, key(M.emailInvalid)));

export const PasswordSchema = v.pipe(
  v.string(),
  v.nonEmpty(key(M.passwordRequired)),
  v.minLength(8, key(M.minLength)),
  v.regex(/[A-Z]/, key(M.upper)),
  v.regex(/[a-z]/, key(M.lower)),
  v.regex(/\d/, key(M.number)),
);

export const SignInSchema = v.object({
  email: EmailSchema,
  password: v.pipe(v.string(), v.nonEmpty(key(M.passwordRequired))),
});
export type SignInInput = v.InferOutput<typeof SignInSchema>;

export const SignUpSchema = v.pipe(
  v.object({
    // The name rule of spec section 5 (profile) holds at sign-up too: the server refuses shorter names.
    full_name: v.pipe(v.string(), v.trim(), v.nonEmpty(key(M.fullNameRequired)), v.minLength(2, key(M.nameMin))),
    email: EmailSchema,
    password: PasswordSchema,
    confirm_password: v.string(),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirm_password']], (i) => i.password === i.confirm_password, key(M.mismatch)),
    ['confirm_password'],
  ),
);
export type SignUpInput = v.InferOutput<typeof SignUpSchema>;

export const ResetPasswordSchema = v.pipe(
  v.object({ password: PasswordSchema, confirm_password: v.string() }),
  v.forward(
    v.partialCheck([['password'], ['confirm_password']], (i) => i.password === i.confirm_password, key(M.mismatch)),
    ['confirm_password'],
  ),
);

export const ForgotPasswordSchema = v.object({ email: EmailSchema });


/** Verification code: exactly 6 characters (digits). */
export const OtpSchema = v.pipe(v.string(), v.regex(/^\d{6}$/));

