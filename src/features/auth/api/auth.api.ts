/** Calls of the auth flows (spec section 7). Fallback messages are the spec's (section 8). */
import { apiRequest } from '../../../lib/api-client.ts';
import type { LoginResponse, User } from '../../../lib/api-types.ts';

interface StatusAnswer {
  statusCode: number;
  message?: string;
}

/** Success only when the answer says statusCode 200 (spec section 7, "same rule"). */
async function expect200(path: string, json: unknown, fallbackMessage: string): Promise<StatusAnswer> {
  const answer = await apiRequest<StatusAnswer>(path, { method: 'POST', json, fallbackMessage });
  if (answer?.statusCode !== undefined && answer.statusCode !== 200) throw new Error(answer.message ?? fallbackMessage);
  return answer;
}

export const login = (email: string, password: string) =>
  apiRequest<LoginResponse>('/auth/login', { method: 'POST', form: { username: email, password }, fallbackMessage: 'Login failed' });

export const signup = (input: { email: string; password: string; full_name: string }) =>
  apiRequest<{ statusCode: number; message: string; user: User }>('/auth/signup', { method: 'POST', json: input, fallbackMessage: 'Sign Up failed' });

export const verifyEmail = (email: string, otp: string) => expect200('/auth/verify-email', { email, otp }, 'OTP verification failed');
export const resendOtp = (email: string) => expect200('/auth/resend-otp', { email }, 'Failed to resend OTP');
export const requestPasswordReset = (email: string) =>
  expect200('/auth/request-password-reset', { email }, 'Failed to request password reset');
export const resetPassword = (token: string, new_password: string) =>
  expect200('/auth/reset-password', { token, new_password }, 'Failed to reset password');
export const logout = () => apiRequest<StatusAnswer>('/auth/logout', { method: 'POST', json: {} });
export const fetchMe = () => apiRequest<User>('/v1/users/me', { fallbackMessage: 'Failed to fetch user info' });

/** The browser goes to the provider path; the server answers 302 to Google, or 503 when not configured. */
export const GOOGLE_SIGN_IN_PATH = '/auth/login/google';

/** Key under which the e-mail being verified is kept in session storage (spec section 3). */
export const VERIFY_EMAIL_KEY = 'verify_email';
