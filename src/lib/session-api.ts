/**
 * The account calls more than one part of the web app makes (spec section 7), through the contract's ENDPOINTS:
 * sign-in, sign-out and the current user (the session store, ./session-store.ts) and the password-reset e-mail
 * (the forgot-password page and Settings). The other auth flows' calls are in features/auth/api/auth.api.ts.
 */
import { ENDPOINTS } from '../../contract/endpoints.ts';
import type { MessageResponse } from '../../contract/jobs.ts';
import { ApiError, callApi } from './api-client.ts';

/** Success only when the answer says statusCode 200 (spec section 7, "same rule"). @throws ApiError UNKNOWN. */
export function expect200(answer: MessageResponse): MessageResponse {
  if (answer.statusCode !== 200) throw new ApiError('UNKNOWN', answer.statusCode, {}, answer.message);
  return answer;
}

/** POST /auth/login (form data, the e-mail as `username`); answers the access token and the user. */
export const login = (email: string, password: string) =>
  callApi(ENDPOINTS.login, { body: { username: email, password } });

/** POST /auth/request-password-reset: e-mails `email` a link to choose a new password. @throws ApiError UNKNOWN. */
export const requestPasswordReset = async (email: string) =>
  expect200(await callApi(ENDPOINTS.requestPasswordReset, { body: { email } }));

/** POST /auth/logout: signs out every device of the user (revokes their access tokens). */
export const logout = () => callApi(ENDPOINTS.logout);

/** GET /v1/users/me: the signed-in user. */
export const fetchMe = () => callApi(ENDPOINTS.me);
