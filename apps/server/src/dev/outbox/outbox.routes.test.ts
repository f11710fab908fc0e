import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { App } from '../../app.js';
import { testApp, testConfig, testDb } from '../../test-support/test-app.js';
import { createOutboxRepository, type OutboxRow } from '../../modules/delivery/outbox.repository.js';
import devTools from '../dev-tools.plugin.js';

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** Just the development tools over a fresh database, in the given NODE_ENV. */
async function routesApp(nodeEnv: 'development' | 'test' | 'production', rows: OutboxRow[] = []) {
  const db = await testDb();
  const repo = createOutboxRepository(db);
  for (const row of rows) await repo.insert(row);
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  // No bot token: the Telegram simulator stays out, the outbox is what these tests look at.
  app.decorate('telegramBotToken', null);
  app.addHook('onClose', () => db.destroy());
  await app.register(devTools, {
    // testConfig: production needs the shared keys it adds.
    config: testConfig({ NODE_ENV: nodeEnv }),
  });
  apps.push(app);
  return app;
}

const row = (over: Partial<OutboxRow>): OutboxRow => ({
  id: '0',
  channel: 'email',
  recipient: 'ada@example.com',
  kind: 'register-code',
  locale: 'en',
  subject: 'Your code',
  body: 'Code 123456',
  code: '123456',
  link: null,
  status: 'stored',
  created_at: 1_700_000_000_000,
  ...over,
});

describe('dev outbox routes', () => {
  it('answers JSON: newest first, filtered by recipient, limited, with the code apart', async () => {
    const app = await routesApp('development', [
      row({ id: 'a', code: '111111', created_at: 1 }),
      row({ id: 'b', code: '222222', created_at: 2 }),
      row({ id: 'c', code: '333333', created_at: 3 }),
      row({
        id: 'd',
        recipient: '+447700900123',
        channel: 'sms',
        subject: null,
        code: '999999',
        created_at: 4,
      }),
    ]);
    const res = await app.inject('/dev/outbox.json?to=ada@example.com&limit=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { messages } = res.json<{ messages: { id: string; code: string | null; to: string }[] }>();
    expect(messages.map((m) => [m.id, m.code, m.to])).toEqual([
      ['c', '333333', 'ada@example.com'],
      ['b', '222222', 'ada@example.com'],
    ]);
    const sms = await app.inject(`/dev/outbox.json?to=${encodeURIComponent('+447700900123')}`);
    expect(sms.json<{ messages: { code: string }[] }>().messages.map((m) => m.code)).toEqual(['999999']);
    expect((await app.inject('/dev/outbox.json')).json<{ messages: unknown[] }>().messages).toHaveLength(4);
  });

  it('refuses a bad limit', async () => {
    const app = await routesApp('test');
    expect((await app.inject('/dev/outbox.json?limit=0')).statusCode).toBe(400);
    expect((await app.inject('/dev/outbox.json?limit=abc')).statusCode).toBe(400);
  });

  it('serves an HTML page, everything escaped, no script', async () => {
    const hostile = '<script>alert(1)</script>"\'&';
    const app = await routesApp('development', [
      row({
        id: 'x',
        recipient: `${hostile}@example.com`,
        subject: hostile,
        body: `body ${hostile}`,
        link: `javascript:${hostile}`,
      }),
    ]);
    const res = await app.inject('/dev/outbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<a ');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    expect(html).toContain('123456');
    const filtered = await app.inject(`/dev/outbox?to=${encodeURIComponent(hostile)}`);
    expect(filtered.body).not.toContain('<script');
  });

  it('does not exist in production', async () => {
    const app = await routesApp('production', [row({})]);
    expect((await app.inject('/dev/outbox')).statusCode).toBe(404);
    expect((await app.inject('/dev/outbox.json')).statusCode).toBe(404);
  });
});

describe('delivery in the whole app', () => {
  it('writes the outbox through app.delivery and shows it at /dev/outbox.json', async () => {
    const app: App = await testApp();
    apps.push(app);
    await app.delivery.send({
      channel: 'email',
      to: 'grace@example.com',
      kind: 'register-code',
      locale: 'en',
      vars: { code: '246810', minutes: '10' },
    });
    const res = await app.inject('/dev/outbox.json?to=grace@example.com');
    const [message] = res.json<{ messages: { code: string; subject: string; body: string }[] }>().messages;
    expect(message?.code).toBe('246810');
    expect(message?.subject).toBe('246810 is your Gatehouse verification code');
    expect(message?.body).toContain('expires in 10 minutes');
  });

  it('has no /dev/outbox in production', async () => {
    const app: App = await testApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    apps.push(app);
    const res = await app.inject({ url: '/dev/outbox.json', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
  });
});
