/** Settings profile form rules (spec section 5): name at least 2 characters; e-mail valid. */
import * as v from 'valibot';
import { msg } from '@lingui/core/macro';
import { collectErrors, EMAIL_RE } from '../../lib/validation.ts';

export const M = {
  nameMin: msg`Name must be at least 2 characters.`,
  profileEmail: msg`Invalid email address.`,
} as const;

export const ProfileSchema = v.object({
  full_name: v.pipe(v.string(), v.trim(), v.minLength(2, M.nameMin.id as string)),
  email: v.pipe(v.string(), v.trim(), v.regex(EMAIL_RE, M.profileEmail.id as string)),
});

export const profileErrors = (input: { full_name: string; email: string }) => collectErrors(ProfileSchema, input, Object.values(M));
