/**
 * The sign-in calls (spec section 7): request bodies with the validation rules and messages of spec section 5,
 * which the web app shows too (it finds each message's translation by its English text), and the answers.
 * Field names are the ones the web app sends (snake_case; `username` on login).
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';
import { noControlCharacters } from './text-hygiene.ts';
import { SubtitleStyle } from './jobs.ts';

// Every field starts with v.optional(..., ''): valibot reports a missing key as "Invalid key", so a missing
// field becomes '' and fails with the field's own required message instead.

/** Spec 5: required ('Email is required'), looks like {email} with no spaces. Output is trimmed and lower-cased. */
export const EmailSchema = v.pipe(
  v.optional(v.string('Email is required'), ''),
  v.trim(),
  v.nonEmpty('Email is required'),
  noControlCharacters(),
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
  noControlCharacters(),
  v.minLength(2, 'Name must be at least 2 characters.'),
  v.maxLength(100, 'Name must be at most 100 characters.'),
);

export const SignupRequest = v.object({ email: EmailSchema, password: NewPasswordSchema, full_name: FullNameSchema });
export type SignupRequest = v.InferOutput<typeof SignupRequest>;

/** Spec 5: the verification code has 6 characters (digits, as e-mailed). */
export const OtpSchema = v.pipe(
  v.optional(v.union([v.string(), finiteNumber()], 'The verification code has 6 digits'), ''),
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
  password: v.pipe(
    v.optional(v.string('Password is required'), ''),
    v.nonEmpty('Password is required'),
    v.maxLength(256, 'Incorrect email or password.'),
  ),
});
export type LoginRequest = v.InferOutput<typeof LoginRequest>;

export const ResetPasswordRequest = v.object({
  token: v.pipe(
    v.optional(v.string('Password reset token is missing.'), ''),
    v.trim(),
    v.nonEmpty('Password reset token is missing.'),
    v.maxLength(200, 'Invalid or expired token.'),
  ),
  new_password: NewPasswordSchema,
});
export type ResetPasswordRequest = v.InferOutput<typeof ResetPasswordRequest>;

/** POST /auth/signup answer (status 201). */
export const SignupResponse = v.object({
  statusCode: v.literal(201),
  message: v.string(),
  user: v.object({ id: v.string(), email: v.string(), full_name: v.nullable(v.string()) }),
});

/** Plan names (spec section 9, reading A); 'Free' is the default and unknown names are shown as they are. */
export const PLAN_NAMES = ['Free', 'explorer', 'pro', 'business'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** Interface languages (spec section 5: the stored language is only en or ar). */
export const UI_LANGUAGES = ['en', 'ar'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** The signed-in user (spec section 3 "User" plus id, verification, language and creation time). */
export const UserResponse = v.object({
  id: v.string(),
  email: v.string(),
  full_name: v.nullable(v.string()),
  /** A plan name, compared by name (spec section 3). */
  current_plan: v.string(),
  /** Credits; may be fractional (documents cost 0.5 credit per 100 words). */
  credit_balance: finiteNumber(),
  email_verified: v.boolean(),
  language: v.picklist(UI_LANGUAGES),
  /** ISO 8601. */
  created_at: v.string(),
  /** An e-mail is sent when a job finishes (Settings); absent from servers before it existed: true. */
  email_job_finished: v.optional(v.boolean()),
  /**
   * The studio's last burned-in subtitle style (PUT /v1/users/me `subtitle_style`), its initial style on the next
   * visit; null: never saved (the defaults). Absent from servers before it existed.
   */
  subtitle_style: v.optional(v.nullable(SubtitleStyle)),
  /**
   * A team member's plan and credits are the team's and only its owner changes them (TEAM_BILLING_OWNER_ONLY):
   * the owner's e-mail, so the web app says who manages billing instead of offering plan and pack buttons that
   * answer 403 (issue 38 item 4). Null or absent: the user manages their own billing.
   */
  billing_managed_by: v.optional(v.nullable(v.string())),
});
export type UserResponse = v.InferOutput<typeof UserResponse>;

/** POST /auth/login answer (spec section 3 "Login response"). */
export const LoginResponse = v.object({
  statusCode: v.literal(200),
  access_token: v.string(),
  token_type: v.literal('bearer'),
  user: UserResponse,
});
export type LoginResponse = v.InferOutput<typeof LoginResponse>;

/**
 * GET /v1/auth/providers: the sign-in methods this server offers besides e-mail and password. `google` is true
 * when OIDC_ISSUER and OIDC_CLIENT_ID are set; the sign-in and sign-up forms show the Google button only then
 * (issue 22 item 11).
 */
export const AuthProvidersResponse = v.object({ google: v.boolean() });
export type AuthProvidersResponse = v.InferOutput<typeof AuthProvidersResponse>;
