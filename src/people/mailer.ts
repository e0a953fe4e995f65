import { createTransport } from 'nodemailer';
import type { MailOutSettings } from '../config/config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

/** Outgoing mail through the SMTP server of SMTP_OUT_URL; without one, nothing is sent. */
export function mailerFor(settings: MailOutSettings | null): SendMail | undefined {
  if (!settings) return undefined;
  const transport = createTransport(settings.smtpUrl);
  return async (mail) => {
    await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text });
  };
}

/** Links carry the token in the fragment, which browsers never send to a server or in a Referer. */
export function resetLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password#token=${token}`;
}

export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/accept-invitation#token=${token}`;
}
