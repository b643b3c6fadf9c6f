import type { JobStarter } from '../../contract/teams.ts';

/**
 * How a team job names who started it (the job list and the editor's header): 'Name (e-mail)', or the e-mail
 * alone when the account has no name.
 */
export function starterOf(starter: JobStarter): string {
  return starter.full_name ? `${starter.full_name} (${starter.email})` : starter.email;
}
