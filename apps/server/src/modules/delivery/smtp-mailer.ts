import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Sends plain-text mail through a nodemailer transport. `transport` is an smtp:// or smtps:// URL
 * (SMTP_URL), or a ready transporter (tests use nodemailer's jsonTransport: no network).
 */
export function createMailer(transport: string | Transporter, from: string): Mailer {
  const transporter: Transporter =
    typeof transport === 'string' ? nodemailer.createTransport(transport) : transport;
  return {
    async send({ to, subject, text }) {
      // Plain text only: nothing in a code mail needs HTML, and it cannot carry markup injection.
      await transporter.sendMail({ from, to, subject, text });
    },
    close() {
      transporter.close();
    },
  };
}
