import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';

export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

/** SMTP mailer over SMTP_URL; undefined when no SMTP server is configured. */
export function createMailer(config: AppConfig): Mailer | undefined {
  if (!config.smtpUrl) return undefined;
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from: config.mailFrom, to, subject, text });
    },
  };
}
