/** The account calls (spec sections 5 and 7): request bodies and answers. */
import * as v from 'valibot';
import { noControlCharacters } from './text-hygiene.ts';
import { FullNameSchema, UI_LANGUAGES, UserResponse } from './auth.ts';
import { SubtitleStyle } from './jobs.ts';

/** Spec 5: the stored interface language is only en or ar. */
export const LanguageSchema = v.picklist(UI_LANGUAGES, 'Language must be en or ar.');

/** Spec 5, profile: the e-mail must be valid ('Invalid email address.'). Output trimmed and lower-cased. */
export const ProfileEmailSchema = v.pipe(
  v.optional(v.string('Invalid email address.'), ''),
  v.trim(),
  noControlCharacters(),
  v.maxLength(254, 'Invalid email address.'),
  v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid email address.'),
  v.toLowerCase(),
);

/** PUT /v1/users/me: the changed fields; other fields the web app may send along are ignored. */
export const UpdateMeRequest = v.looseObject({
  full_name: v.optional(FullNameSchema),
  language: v.optional(LanguageSchema),
  email: v.optional(ProfileEmailSchema),
  /** E-mail me when a job finishes (Settings). */
  email_job_finished: v.optional(v.boolean()),
  /** The studio's subtitle style to remember (missing fields take the defaults); null forgets it. */
  subtitle_style: v.optional(v.nullable(SubtitleStyle)),
});
export type UpdateMeRequest = v.InferOutput<typeof UpdateMeRequest>;

/** PUT /user/profile (the settings page's form): full_name and email, both required. */
export const ProfileUpdateRequest = v.object({
  full_name: FullNameSchema,
  email: ProfileEmailSchema,
});
export type ProfileUpdateRequest = v.InferOutput<typeof ProfileUpdateRequest>;

/** PUT /user/profile answer: the settings form reads `success` (spec section 7 "Profile update"). */
export const ProfileUpdateResponse = v.object({
  success: v.literal(true),
  statusCode: v.literal(200),
  user: UserResponse,
});
