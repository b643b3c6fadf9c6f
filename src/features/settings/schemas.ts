/** Settings profile form (spec section 5): the contract's profile rules (name at least 2 characters; e-mail valid). */
import { ProfileUpdateRequest } from '../../../contract/users.ts';
import { collectErrors } from '../../lib/validation.ts';

/** Field errors of the profile form, translated through src/lib/contract-messages.ts. */
export const profileErrors = (input: { full_name: string; email: string }) =>
  collectErrors(ProfileUpdateRequest, input);
