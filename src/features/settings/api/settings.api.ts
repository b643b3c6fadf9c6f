/** Account calls of the settings page (spec section 7). */
import { apiRequest } from '../../../lib/api-client.ts';
import type { User } from '../../../lib/api-types.ts';

/** PUT /user/profile: answers {success, user} or {success: false, error}. @throws Error with the server's error. */
export async function updateProfile(input: { full_name: string; email: string }): Promise<User | undefined> {
  const answer = await apiRequest<{ success: boolean; user?: User; error?: string }>('/user/profile', {
    method: 'PUT',
    json: input,
    fallbackMessage: 'Failed to update profile.',
  });
  if (!answer.success) throw new Error(answer.error || 'Failed to update profile.');
  return answer.user;
}

/** DELETE /api/user/delete (bearer token): an ok status means deleted. */
export const deleteAccount = () =>
  apiRequest<{ statusCode: number }>('/api/user/delete', { method: 'DELETE', fallbackMessage: 'Failed to delete account. Please try again.' });
