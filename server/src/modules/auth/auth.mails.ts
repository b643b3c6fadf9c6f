/** The texts of the account e-mails (plain text and a small HTML part). */
import type { MailMessage } from '../../mail/mailer.ts';

/** Subject of the verification e-mail (the web app's verify screen tells the user to look for it). */
export const VERIFICATION_SUBJECT = 'Your Tarjama verification code';
export const RESET_SUBJECT = 'Reset your Tarjama password';
/** Subject of the e-mail to an account's owner when someone signs up with its address again (issue 24 item 13). */
export const ACCOUNT_EXISTS_SUBJECT = 'Someone tried to sign up to Tarjama with your e-mail';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 6-digit code e-mail; `minutes` is how long the code stays valid. */
export function verificationCodeMail(to: string, fullName: string, code: string, minutes: number): MailMessage {
  const hello = fullName ? `Hello ${fullName},` : 'Hello,';
  return {
    to,
    subject: VERIFICATION_SUBJECT,
    text: `${hello}\n\nYour Tarjama verification code is: ${code}\n\nEnter it on the verification page within ${minutes} minutes.\nIf you did not create a Tarjama account, ignore this e-mail.\n`,
    html: `<p>${escapeHtml(hello)}</p><p>Your Tarjama verification code is:</p><p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p><p>Enter it on the verification page within ${minutes} minutes.</p><p>If you did not create a Tarjama account, ignore this e-mail.</p>`,
  };
}

/** The password-reset e-mail with its link; `minutes` is how long the link stays valid. */
export function resetPasswordMail(to: string, link: string, minutes: number): MailMessage {
  return {
    to,
    subject: RESET_SUBJECT,
    text: `Someone asked to reset the password of your Tarjama account.\n\nSet a new password here (the link works once, for ${minutes} minutes):\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
    html: `<p>Someone asked to reset the password of your Tarjama account.</p><p><a href="${escapeHtml(link)}">Set a new password</a> (the link works once, for ${minutes} minutes).</p><p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
  };
}

/**
 * To the owner of a verified account when someone signs up with its e-mail again: the sign-up answered as for a new
 * address (no account oracle), so the owner is the one told, with the way back in. `appUrl` is PUBLIC_URL.
 */
export function accountExistsMail(to: string, fullName: string, appUrl: string): MailMessage {
  const hello = fullName ? `Hello ${fullName},` : 'Hello,';
  const signIn = `${appUrl.replace(/\/$/, '')}/auth`;
  return {
    to,
    subject: ACCOUNT_EXISTS_SUBJECT,
    text: `${hello}\n\nSomeone tried to create a Tarjama account with this e-mail address, which already has one. Nothing was changed.\n\nIf it was you, sign in here (or reset your password from the sign-in page):\n${signIn}\n\nIf it was not you, ignore this e-mail.\n`,
    html: `<p>${escapeHtml(hello)}</p><p>Someone tried to create a Tarjama account with this e-mail address, which already has one. Nothing was changed.</p><p>If it was you, <a href="${escapeHtml(signIn)}">sign in</a> (or reset your password from the sign-in page).</p><p>If it was not you, ignore this e-mail.</p>`,
  };
}
