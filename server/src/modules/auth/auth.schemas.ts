/**
 * Request bodies of the sign-in calls (spec section 7) with the validation rules and messages of spec section 5,
 * which the web app shows too. Field names are the ones the web app sends (snake_case; `username` on login).
 */
import * as v from 'valibot';

// Every field starts with v.optional(..., ''): valibot reports a missing key as "Invalid key", so a missing
// field becomes '' and fails with the field's own required message instead.

/** Spec 5: required ('Email is required'), looks like {email} with no spaces. Output is trimmed and lower-cased. */
export const EmailSchema = v.pipe(
  v.optional(v.string('Email is required'), ''),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.maxLength(254, 'Please enter a valid email address'),
  v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
  v.toLowerCase(),
);

/**
 * Spec 5, sign-up and reset: 8+ characters, an upper-case letter, a lower-case letter, a number, each with the
 * spec's message. The letter classes are ASCII, as in the web app's live checklist. The 256-character cap bounds
 * the hashing work per request.
 */
export const NewPasswordSchema = v.pipe(
  v.optional(v.string('Password is required'), ''),
  v.nonEmpty('Password is required'),
  v.minLength(8, 'At least 8 characters long'),
  v.regex(/[A-Z]/, 'Contains at least one uppercase letter'),
  v.regex(/[a-z]/, 'Contains at least one lowercase letter'),
  v.regex(/[0-9]/, 'Contains at least one number'),
  v.maxLength(256, 'At most 256 characters long'),
);

/** Spec 5, profile: full_name at least 2 characters. */
export const FullNameSchema = v.pipe(
  v.optional(v.string('Name must be at least 2 characters.'), ''),
  v.trim(),
  v.minLength(2, 'Name must be at least 2 characters.'),
  v.maxLength(100, 'Name must be at most 100 characters.'),
);

export const SignupRequest = v.object({ email: EmailSchema, password: NewPasswordSchema, full_name: FullNameSchema });
export type SignupRequest = v.InferOutput<typeof SignupRequest>;

/** Spec 5: the verification code has 6 characters (digits, as e-mailed). */
export const OtpSchema = v.pipe(
  v.optional(v.union([v.string(), v.number()], 'The verification code has 6 digits'), ''),
  v.transform((x) => String(x).trim()),
  v.regex(/^\d{6}$/, 'The verification code has 6 digits'),
);

export const VerifyEmailRequest = v.object({ email: EmailSchema, otp: OtpSchema });
export type VerifyEmailRequest = v.InferOutput<typeof VerifyEmailRequest>;

export const EmailOnlyRequest = v.object({ email: EmailSchema });
export type EmailOnlyRequest = v.InferOutput<typeof EmailOnlyRequest>;

/** Login is form data (OAuth2 password-grant style): `username` holds the e-mail. Spec 5: both fields required. */
export const LoginRequest = v.object({
  username: EmailSchema,
  password: v.pipe(v.optional(v.string('Password is required'), ''), v.nonEmpty('Password is required'), v.maxLength(256, 'Incorrect email or password.')),
});
export type LoginRequest = v.InferOutput<typeof LoginRequest>;

export const ResetPasswordRequest = v.object({
  token: v.pipe(v.optional(v.string('Password reset token is missing.'), ''), v.trim(), v.nonEmpty('Password reset token is missing.'), v.maxLength(200, 'Invalid or expired token.')),
  new_password: NewPasswordSchema,
});
export type ResetPasswordRequest = v.InferOutput<typeof ResetPasswordRequest>;
