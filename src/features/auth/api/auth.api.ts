/**
 * Calls of the auth flows (spec section 7), through the contract's ENDPOINTS. Sign-in, sign-out, the current user
 * and the password-reset e-mail are in src/lib/session-api.ts (the session store and Settings make them too).
 */
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import { callApi } from '../../../lib/api-client.ts';
import { expect200 } from '../../../lib/session-api.ts';

export const signup = (body: { email: string; password: string; full_name: string }) =>
  callApi(ENDPOINTS.signup, { body });

export const verifyEmail = async (email: string, otp: string) =>
  expect200(await callApi(ENDPOINTS.verifyEmail, { body: { email, otp } }));
export const resendOtp = async (email: string) => expect200(await callApi(ENDPOINTS.resendOtp, { body: { email } }));
export const resetPassword = async (token: string, new_password: string) =>
  expect200(await callApi(ENDPOINTS.resetPassword, { body: { token, new_password } }));

/** The browser goes to the provider path; the server answers 302 to Google, or 503 when not configured. */
export const GOOGLE_SIGN_IN_PATH = ENDPOINTS.googleLogin.path;

/** Key under which the e-mail being verified is kept in session storage (spec section 3). */
export const VERIFY_EMAIL_KEY = 'verify_email';

/**
 * The credentials of a sign-up or a sign-in refused for an unverified e-mail, kept in memory only (never stored):
 * once the code is verified the verify page signs in with them and goes to the studio (no second sign-in).
 */
let pending: { email: string; password: string } | null = null;

export function rememberPendingSignIn(email: string, password: string): void {
  pending = { email: email.trim().toLowerCase(), password };
}

/** The remembered password of `email`, once (it is forgotten when read). */
export function takePendingSignIn(email: string): string | null {
  const found = pending && pending.email === email.trim().toLowerCase() ? pending.password : null;
  pending = null;
  return found;
}
