/**
 * The "your job is finished" e-mail (issue 15 item 7): sent through the same mailer as the account e-mails when a
 * job completes, in the user's interface language (users.language, en or ar), with the job's name and a link to
 * the studio. Users turn it off in Settings (users.email_job_finished, migration 0006); a mail server failure is
 * logged and never touches the job.
 */
import type { AppContext } from '../context.ts';
import type { MailMessage } from './mailer.ts';
import { findUserById } from '../modules/users/user.repository.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the e-mail needs to know of the job. */
export interface FinishedJob {
  id: string;
  userId: string;
  /** The team member who started the job (teams, issue 23): the one told, rather than the team's owner. */
  startedBy?: string | null;
  /** The uploaded file's name (or the YouTube title); may be empty. */
  originalFilename: string | null;
}

/** The e-mail of a finished job in `language` ('ar' or anything else for English). `link` opens the studio. */
export function jobFinishedMail(to: string, language: string, name: string, link: string): MailMessage {
  if (language === 'ar') {
    const subject = `ترجمتك جاهزة: ${name}`;
    return {
      to,
      subject,
      text: `اكتملت مهمتك «${name}». افتح الاستوديو لتنزيل الملفات:\n${link}\n\nيمكنك إيقاف هذه الرسائل من الإعدادات.`,
      html: `<div dir="rtl" lang="ar"><p>اكتملت مهمتك «${escapeHtml(name)}».</p><p><a href="${escapeHtml(link)}">افتح الاستوديو لتنزيل الملفات</a></p><p>يمكنك إيقاف هذه الرسائل من الإعدادات.</p></div>`,
    };
  }
  return {
    to,
    subject: `Your translation is ready: ${name}`,
    text: `Your job "${name}" is finished. Open the studio to download its files:\n${link}\n\nYou can turn these e-mails off in Settings.`,
    html: `<p>Your job “${escapeHtml(name)}” is finished.</p><p><a href="${escapeHtml(link)}">Open the studio to download its files</a></p><p>You can turn these e-mails off in Settings.</p>`,
  };
}

/**
 * Sends the finished-job e-mail to the job's owner unless they turned it off. Never throws: a missing account or
 * a mail server failure is logged.
 * @returns whether an e-mail was sent.
 */
export async function notifyJobFinished(ctx: AppContext, job: FinishedJob): Promise<boolean> {
  try {
    const user = await findUserById(ctx.db, job.startedBy ?? job.userId);
    if (!user || !user.emailJobFinished) return false;
    const name = job.originalFilename?.trim() || `job ${job.id.slice(0, 8)}`;
    const link = `${ctx.config.app.publicUrl}/studio`;
    await ctx.mailer.send(jobFinishedMail(user.email, user.language, name, link));
    return true;
  } catch (err) {
    ctx.logger.error({ err, jobId: job.id }, 'could not send the job finished e-mail');
    return false;
  }
}
