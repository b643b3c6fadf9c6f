/** The team invitation e-mail (plain text and a small HTML part), like the sign-up code e-mail. */
import type { MailMessage } from '../../mail/mailer.ts';

export const TEAM_INVITATION_SUBJECT = 'You are invited to a team on Tarjama';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The invitation to `to`: the team's name, who invited, the 6-digit code and the link to the Team tab of Settings
 * (`appUrl` is PUBLIC_URL); `days` is how long the code works.
 */
export function teamInvitationMail(
  to: string,
  invite: { teamName: string; inviter: string; code: string; appUrl: string; days: number },
): MailMessage {
  const link = `${invite.appUrl.replace(/\/$/, '')}/settings?tab=team&code=${invite.code}`;
  const intro = `${invite.inviter} invited you to the team "${invite.teamName}" on Tarjama: you will share its plan, credits and jobs.`;
  return {
    to,
    subject: TEAM_INVITATION_SUBJECT,
    text: `Hello,\n\n${intro}\n\nYour invitation code is: ${invite.code}\n\nSign in (or sign up) with this e-mail address, open Settings > Team and enter the code, or follow this link within ${invite.days} days:\n${link}\n\nIf you do not know this team, ignore this e-mail.\n`,
    html: `<p>Hello,</p><p>${escapeHtml(intro)}</p><p>Your invitation code is:</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px">${invite.code}</p><p>Sign in (or sign up) with this e-mail address, open Settings &gt; Team and enter the code, or <a href="${escapeHtml(link)}">follow this link</a> within ${invite.days} days.</p><p>If you do not know this team, ignore this e-mail.</p>`,
  };
}
