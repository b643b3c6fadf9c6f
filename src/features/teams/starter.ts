/** How a team job names who started it: 'Name (e-mail)', or the e-mail alone when the account has no name. */
import type { JobStarter } from '../../../contract/teams.ts';

export function starterOf(starter: JobStarter): string {
  return starter.full_name ? `${starter.full_name} (${starter.email})` : starter.email;
}
