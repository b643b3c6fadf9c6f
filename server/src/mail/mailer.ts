/**
 * The e-mail adapter (nodemailer). SMTP when SMTP_URL is set; otherwise each message is written to
 * `${DATA_DIR}/outbox/<time>-<id>.eml` (RFC 822, readable by any mail client) and its subject logged, so the
 * embedded default needs no mail server. Subjects lose bidirectional controls (a file name's U+202E would reorder
 * the subject line a mail client shows: issue 24).
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { withoutBidiControls } from '../../../contract/text-hygiene.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends one message. @throws Error when the SMTP server refuses it. */
  send(message: MailMessage): Promise<void>;
  /** 'smtp' or 'outbox'. */
  readonly kind: 'smtp' | 'outbox';
}

export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(m) {
        const subject = withoutBidiControls(m.subject);
        await transport.sendMail({ from: opts.from, to: m.to, subject, text: m.text, html: m.html });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(m) {
      const info = await transport.sendMail({
        from: opts.from,
        to: m.to,
        subject: withoutBidiControls(m.subject),
        text: m.text,
        html: m.html,
      });
      fs.mkdirSync(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${Date.now()}-${crypto.randomBytes(4).toString('hex')}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      opts.logger.info({ to: m.to, subject: m.subject, file }, 'e-mail written to the outbox (SMTP_URL not set)');
    },
  };
}
