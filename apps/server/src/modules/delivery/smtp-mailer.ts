import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same words as HTML (mail-html.ts); clients show one part or the other. */
  html?: string | undefined;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Sends mail (a plain-text part and, when given, an HTML part) through a nodemailer transport. `transport` is an smtp:// or smtps:// URL
 * (SMTP_URL), or a ready transporter (tests use nodemailer's jsonTransport: no network).
 */
export function createMailer(transport: string | Transporter, from: string): Mailer {
  const transporter: Transporter =
    typeof transport === 'string' ? nodemailer.createTransport(transport) : transport;
  return {
    async send({ to, subject, text, html }) {
      // The HTML part is built from the escaped text (mail-html.ts): it cannot carry markup of its own.
      await transporter.sendMail({ from, to, subject, text, ...(html ? { html } : {}) });
    },
    close() {
      transporter.close();
    },
  };
}
