/** Account calls of the settings page (spec section 7), through the contract's ENDPOINTS. */
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import { callApi } from '../../../lib/api-client.ts';

/**
 * PUT /user/profile: answers `{ success: true, user }`; a refusal (`{ success: false, error, code }`) is an
 * ApiError with its code.
 */
export async function updateProfile(body: { full_name: string; email: string }) {
  return (await callApi(ENDPOINTS.updateProfile, { body })).user;
}

/** DELETE /api/user/delete (bearer token): an ok status means deleted. */
export const deleteAccount = () => callApi(ENDPOINTS.deleteAccount);

/** PUT /v1/users/me with the finished-job e-mail preference; answers the updated user. */
export const setJobEmails = (on: boolean) => callApi(ENDPOINTS.updateMe, { body: { email_job_finished: on } });

/** POST /auth/request-password-reset for the signed-in user's own address: the e-mailed link changes the password. */
export { requestPasswordReset } from '../../../lib/session-api.ts';
