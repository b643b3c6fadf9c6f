/** Request bodies of the account calls (spec sections 5 and 7). */
import * as v from 'valibot';
import { FullNameSchema } from '../auth/auth.schemas.ts';

/** Spec 5: the stored interface language is only en or ar. */
export const LanguageSchema = v.picklist(['en', 'ar'], 'Language must be en or ar.');

/** Spec 5, profile: the e-mail must be valid ('Invalid email address.'). Output trimmed and lower-cased. */
export const ProfileEmailSchema = v.pipe(
  v.optional(v.string('Invalid email address.'), ''),
  v.trim(),
  v.maxLength(254, 'Invalid email address.'),
  v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid email address.'),
  v.toLowerCase(),
);

/** PUT /v1/users/me: the changed fields; other fields the web app may send along are ignored. */
export const UpdateMeRequest = v.looseObject({
  full_name: v.optional(FullNameSchema),
  language: v.optional(LanguageSchema),
  email: v.optional(ProfileEmailSchema),
});
export type UpdateMeRequest = v.InferOutput<typeof UpdateMeRequest>;

/** PUT /user/profile (the settings page's form): full_name and email, both required. */
export const ProfileUpdateRequest = v.object({
  full_name: FullNameSchema,
  email: ProfileEmailSchema,
});
export type ProfileUpdateRequest = v.InferOutput<typeof ProfileUpdateRequest>;
