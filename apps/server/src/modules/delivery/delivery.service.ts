import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { RetCode } from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import type { Delivery, DeliveryMessage, DeliveryResult } from './delivery-types.js';
import type { MessageTexts } from './message-texts.js';
import type { OutboxRepository } from './outbox.repository.js';
import type { SmsProvider } from './sms-provider.js';
import type { Mailer } from './smtp-mailer.js';

export interface DeliveryDeps {
  outbox: OutboxRepository;
  texts: MessageTexts;
  /** Null when SMTP_URL is not set: e-mail then lives in the outbox only. */
  mailer: Mailer | null;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  /** Brand name, the default `{{product}}`. */
  product: string;
  /** Development only: print each code and link to the console so a developer can sign up without a mailbox. */
  printCodes: boolean;
  now?: () => number;
}

let sequence = 0;

/** Sortable by time: 12 hex digits of milliseconds, a per-process counter, then randomness. */
export function outboxId(now: number): string {
  sequence = (sequence + 1) % 0x10000;
  return `${now.toString(16).padStart(12, '0')}${sequence.toString(16).padStart(4, '0')}${crypto.randomBytes(8).toString('hex')}`;
}

export function createDelivery(deps: DeliveryDeps): Delivery {
  const now = deps.now ?? Date.now;
  const inFlight = new Set<Promise<unknown>>();

  return {
    send(message: DeliveryMessage) {
      const sending = sendNow(message);
      const tracked = sending.catch(() => {});
      inFlight.add(tracked);
      void tracked.then(() => inFlight.delete(tracked));
      return sending;
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };

  async function sendNow(message: DeliveryMessage): Promise<DeliveryResult> {
    const vars = { product: deps.product, ...message.vars };
    const { subject, body, html } = await deps.texts.render(
      message.kind,
      message.channel,
      message.locale,
      vars,
    );
    const id = outboxId(now());
    const willSend = message.channel === 'sms' ? deps.sms.external : deps.mailer !== null;

    // The outbox first, always: whatever happens to the transport, the message can be read there.
    await deps.outbox.insert({
      id,
      channel: message.channel,
      recipient: message.to,
      kind: message.kind,
      locale: message.locale,
      subject,
      body,
      code: message.vars.code ?? null,
      link: message.vars.link ?? null,
      status: 'stored',
      created_at: now(),
    });

    if (deps.printCodes && (message.vars.code || message.vars.link)) {
      // Development only (see delivery.plugin.ts); never in production logs.
      // The code goes in the message text, not a `code` field, which the log redaction would blank.
      deps.log.info(
        { outboxId: id, channel: message.channel, to: message.to, kind: message.kind },
        `dev: ${message.kind} for ${message.to}: ${message.vars.code ?? message.vars.link}`,
      );
    }

    if (!willSend) return { id };
    try {
      if (message.channel === 'sms') await deps.sms.send({ to: message.to, text: body });
      else
        await deps.mailer?.send({
          to: message.to,
          subject: subject ?? '',
          text: body,
          html: html ?? undefined,
        });
    } catch (err) {
      // The error may quote the message; log the transport's reason only, never the body (it holds the code).
      deps.log.error(
        {
          outboxId: id,
          channel: message.channel,
          kind: message.kind,
          reason: err instanceof Error ? err.message : String(err),
        },
        'delivery failed',
      );
      await deps.outbox.setStatus(id, 'failed');
      throw new ApiError(RetCode.SystemBusy);
    }
    await deps.outbox.setStatus(id, 'sent');
    return { id };
  }
}
