import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { RetCode } from '@gatehouse/contract';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../lib/api-error.js';
import { testDb } from '../../test-support/test-app.js';
import { createDelivery, outboxId, type DeliveryDeps } from './delivery.service.js';
import type { MessageTexts } from './message-texts.js';
import { createOutboxRepository } from './outbox.repository.js';
import { outboxOnlySmsProvider, type SmsProvider } from './sms-provider.js';
import { createMailer, type Mailer } from './smtp-mailer.js';

const texts: MessageTexts = {
  render: (kind, channel, _locale, vars) =>
    Promise.resolve(
      channel === 'sms'
        ? { subject: null, body: `sms ${kind} ${vars.code ?? ''}`, html: null }
        : {
            subject: `${vars.product ?? ''} ${kind}`,
            body: `body ${vars.code ?? vars.link ?? ''}`,
            html: `<p>body ${vars.code ?? vars.link ?? ''}</p>`,
          },
    ),
};

function fakeLog() {
  return { info: vi.fn(), error: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger & {
    info: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };
}

let db: Db;
beforeEach(async () => {
  db = await testDb();
});
afterEach(() => db.destroy());

function deliveryWith(over: Partial<DeliveryDeps> = {}) {
  const log = fakeLog();
  const outbox = createOutboxRepository(db);
  const delivery = createDelivery({
    outbox,
    texts,
    mailer: null,
    sms: outboxOnlySmsProvider,
    log,
    product: 'Gatehouse',
    printCodes: false,
    ...over,
  });
  return { delivery, outbox, log };
}

const codeMail = {
  channel: 'email',
  to: 'ada@example.com',
  kind: 'register-code',
  locale: 'en',
  vars: { code: '482913' },
} as const;

describe('delivery', () => {
  it('always writes the outbox, with the code in its own column', async () => {
    const { delivery, outbox } = deliveryWith();
    const { id } = await delivery.send(codeMail);
    const [row] = await outbox.latest({ recipient: 'ada@example.com', limit: 5 });
    expect(row).toMatchObject({
      id,
      channel: 'email',
      recipient: 'ada@example.com',
      kind: 'register-code',
      subject: 'Gatehouse register-code',
      body: 'body 482913',
      code: '482913',
      link: null,
      status: 'stored',
    });
  });

  it('lists newest first, per recipient, with a limit', async () => {
    const { delivery, outbox } = deliveryWith();
    for (const code of ['111111', '222222', '333333']) await delivery.send({ ...codeMail, vars: { code } });
    await delivery.send({ ...codeMail, to: 'bob@example.com' });
    const rows = await outbox.latest({ recipient: 'ada@example.com', limit: 2 });
    expect(rows.map((r) => r.code)).toEqual(['333333', '222222']);
    expect((await outbox.latest({ limit: 10 })).length).toBe(4);
  });

  it('keeps ids in time order', () => {
    const a = outboxId(1000);
    const b = outboxId(1000);
    const c = outboxId(2000);
    expect([c, a, b].sort()).toEqual([a, b, c]);
  });

  it('sends e-mail through SMTP when a mailer is configured, and marks it sent', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sendMail = vi.spyOn(transport, 'sendMail');
    const { delivery, outbox } = deliveryWith({
      mailer: createMailer(transport, '"Gatehouse" <no-reply@gatehouse.test>'),
    });
    await delivery.send(codeMail);
    expect(sendMail).toHaveBeenCalledTimes(1);
    const info = (await sendMail.mock.results[0]?.value) as { message: string };
    const message = JSON.parse(info.message) as {
      from: { address: string };
      to: { address: string }[];
      subject: string;
      text: string;
      html?: string;
    };
    expect(message.from.address).toBe('no-reply@gatehouse.test');
    expect(message.to[0]?.address).toBe('ada@example.com');
    expect(message.subject).toBe('Gatehouse register-code');
    expect(message.text).toBe('body 482913');
    expect(message.html).toBe('<p>body 482913</p>');
    expect((await outbox.latest({ limit: 1 }))[0]?.status).toBe('sent');
  });

  it('builds a real RFC 5322 message (stream transport, no network)', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const sendMail = vi.spyOn(transport, 'sendMail');
    const { delivery } = deliveryWith({
      mailer: createMailer(transport, 'Gatehouse <no-reply@gatehouse.test>'),
    });
    await delivery.send({ ...codeMail, vars: { code: '654321' } });
    const info = (await sendMail.mock.results[0]?.value) as { message: Buffer };
    const raw = info.message.toString('utf8');
    expect(raw).toMatch(/^From: Gatehouse <no-reply@gatehouse\.test>$/m);
    expect(raw).toMatch(/^To: ada@example\.com$/m);
    // Both parts, text first: a client that shows HTML picks the last it understands (RFC 2046).
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw.indexOf('Content-Type: text/plain; charset=utf-8')).toBeGreaterThan(-1);
    expect(raw.indexOf('Content-Type: text/html; charset=utf-8')).toBeGreaterThan(
      raw.indexOf('Content-Type: text/plain; charset=utf-8'),
    );
    expect(raw).toContain('body 654321');
  });

  it('keeps the outbox row, marks it failed and answers SYSTEM_BUSY when SMTP fails; the log has no code', async () => {
    const failing: Mailer = {
      send: () => Promise.reject(new Error('connect ECONNREFUSED')),
      close: () => {},
    };
    const { delivery, outbox, log } = deliveryWith({ mailer: failing });
    const err = await delivery.send(codeMail).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(RetCode.SystemBusy);
    expect((await outbox.latest({ limit: 1 }))[0]?.status).toBe('failed');
    expect(JSON.stringify(log.error.mock.calls)).not.toContain('482913');
  });

  it('hands SMS to the provider; the outbox adapter keeps them stored only', async () => {
    const texts: { to: string; text: string }[] = [];
    const gateway: SmsProvider = { name: 'fake', external: true, send: async (sms) => void texts.push(sms) };
    const viaGateway = deliveryWith({ sms: gateway });
    await viaGateway.delivery.send({
      channel: 'sms',
      to: '+447700900123',
      kind: 'login-code',
      locale: 'en',
      vars: { code: '101010' },
    });
    expect(texts).toEqual([{ to: '+447700900123', text: 'sms login-code 101010' }]);
    expect((await viaGateway.outbox.latest({ limit: 1 }))[0]).toMatchObject({
      subject: null,
      status: 'sent',
      code: '101010',
    });

    const local = deliveryWith();
    await local.delivery.send({
      channel: 'sms',
      to: '+447700900124',
      kind: 'login-code',
      locale: 'en',
      vars: { code: '202020' },
    });
    expect((await local.outbox.latest({ recipient: '+447700900124', limit: 1 }))[0]?.status).toBe('stored');
  });

  it('prints codes to the console only when asked (development)', async () => {
    const quiet = deliveryWith();
    await quiet.delivery.send(codeMail);
    expect(quiet.log.info).not.toHaveBeenCalled();

    const dev = deliveryWith({ printCodes: true });
    await dev.delivery.send(codeMail);
    expect(dev.log.info).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(dev.log.info.mock.calls[0])).toContain('482913');
  });

  it('prunes old messages', async () => {
    const { delivery, outbox } = deliveryWith({ now: () => 1_000 });
    await delivery.send(codeMail);
    const later = deliveryWith({ now: () => 10_000 });
    await later.delivery.send(codeMail);
    expect(await outbox.prune(5_000)).toBe(1);
    expect((await outbox.latest({ limit: 10 })).length).toBe(1);
  });
});
