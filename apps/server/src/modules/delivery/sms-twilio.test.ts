import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { loadConfig } from '../../config/index.js';
import { WEB_SOURCE_ROOT } from '../../config/repo-paths.js';
import { ApiError } from '../../lib/api-error.js';
import { testApp } from '../../test-support/test-app.js';
import { createTwilioSmsProvider, SmsGatewayError, type TwilioSmsConfig } from './sms-twilio.js';

/**
 * The Twilio-style adapter against a local stand-in that speaks the protocol: a real HTTP server on
 * loopback, started here, that checks basic auth and answers as the gateway does (201 with the
 * message, 400/401 with `{code, message}`, or nothing at all).
 */

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const FROM = '+15005550006';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}
type Behaviour = (req: Received, res: http.ServerResponse) => void;

const received: Received[] = [];
let behaviour: Behaviour = accept;
let server: http.Server;
let base: string;

function accept(req: Received, res: http.ServerResponse) {
  const expected = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;
  if (req.authorization !== expected) {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
    return;
  }
  if (!/^\+[1-9]\d{6,14}$/.test(req.form.To ?? '')) {
    res.writeHead(400, { 'content-type': 'application/json' });
    // Twilio quotes the number in its message: the adapter must not pass it on.
    res.end(
      JSON.stringify({ code: 21211, message: `The 'To' number ${req.form.To} is not valid.`, status: 400 }),
    );
    return;
  }
  res.writeHead(201, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ sid: 'SM' + '0'.repeat(32), status: 'queued', to: req.form.To }));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = {
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      };
      received.push(r);
      behaviour(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/2010-04-01`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  received.length = 0;
  behaviour = accept;
});

const config = (over: Partial<TwilioSmsConfig> = {}): TwilioSmsConfig => ({
  apiBase: base,
  accountSid: SID,
  authToken: TOKEN,
  from: FROM,
  timeoutMs: 2_000,
  ...over,
});

describe('Twilio-style SMS gateway', () => {
  it('posts the form to /Accounts/{sid}/Messages.json with basic auth', async () => {
    await createTwilioSmsProvider(config()).send({ to: '+447700900123', text: 'Your code is 123456' });
    expect(received).toEqual([
      {
        method: 'POST',
        url: `/2010-04-01/Accounts/${SID}/Messages.json`,
        authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
        contentType: 'application/x-www-form-urlencoded',
        form: { To: '+447700900123', From: FROM, Body: 'Your code is 123456' },
      },
    ]);
  });

  it('form-encodes text with spaces, ampersands and non-Latin letters intact', async () => {
    const text = 'Kodunuz: 654321 & ğüşİ — 你好 +=?';
    await createTwilioSmsProvider(config()).send({ to: '+905551112233', text });
    expect(received[0]?.form.Body).toBe(text);
  });

  it('throws on a wrong token (401), naming the status and the gateway code, not the token', async () => {
    const err = await createTwilioSmsProvider(config({ authToken: 'x'.repeat(32) }))
      .send({ to: '+447700900123', text: 'code 111111' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsGatewayError);
    expect((err as SmsGatewayError).message).toBe('SMS gateway answered HTTP 401 (code 20003)');
  });

  it("throws on a refused number without quoting the gateway's message", async () => {
    const err = await createTwilioSmsProvider(config())
      .send({ to: '12345', text: 'code 222222' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, gatewayCode: 21211 });
    expect(String(err)).not.toContain('12345');
  });

  it('throws on a 5xx with a body that is not JSON', async () => {
    behaviour = (_req, res) => {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<html>busy</html>');
    };
    await expect(createTwilioSmsProvider(config()).send({ to: '+447700900123', text: 'x' })).rejects.toThrow(
      'SMS gateway answered HTTP 503',
    );
  });

  it('gives up after the timeout when the gateway never answers', async () => {
    behaviour = () => {}; // holds the request open
    const started = Date.now();
    const err = await createTwilioSmsProvider(config({ timeoutMs: 500 }))
      .send({ to: '+447700900123', text: 'x' })
      .catch((e: unknown) => e);
    expect((err as Error).message).toBe('SMS gateway did not answer within 500 ms');
    expect(Date.now() - started).toBeLessThan(1_900);
  });

  it('does not follow a redirect with the credentials', async () => {
    behaviour = (_req, res) => {
      res.writeHead(307, { location: `${base}/elsewhere` });
      res.end();
    };
    await expect(createTwilioSmsProvider(config()).send({ to: '+447700900123', text: 'x' })).rejects.toThrow(
      /unreachable/,
    );
    expect(received.map((r) => r.url)).toEqual([`/2010-04-01/Accounts/${SID}/Messages.json`]);
  });

  it('throws when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      createTwilioSmsProvider(config({ apiBase: `http://127.0.0.1:${port}` })).send({
        to: '+447700900123',
        text: 'x',
      }),
    ).rejects.toThrow('SMS gateway unreachable: ECONNREFUSED');
  });
});

describe('SMS through the app (SMS_PROVIDER=twilio)', () => {
  const lines: string[] = [];
  let app: App;
  beforeAll(async () => {
    app = await testApp(
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        LOCALES_DIR: path.join(WEB_SOURCE_ROOT, 'public', 'locales'),
        SMS_PROVIDER: 'twilio',
        SMS_API_BASE: base,
        SMS_ACCOUNT_SID: SID,
        SMS_AUTH_TOKEN: TOKEN,
        SMS_FROM: FROM,
        SMS_TIMEOUT_MS: '500',
      },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(() => app.close());

  const sms = (to: string, code: string) =>
    ({ channel: 'sms', to, kind: 'login-code', locale: 'en', vars: { code } }) as const;
  const outboxRow = (id: string) =>
    app.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('sends the localised text to the gateway, keeps the outbox row and marks it sent', async () => {
    const { id } = await app.delivery.send(sms('+447700900123', '314159'));
    expect(received).toHaveLength(1);
    expect(received[0]?.form.To).toBe('+447700900123');
    expect(received[0]?.form.Body).toContain('314159');
    expect(await outboxRow(id)).toMatchObject({ channel: 'sms', code: '314159', status: 'sent' });
  });

  it('answers SystemBusy and marks the row failed on a refusal or a timeout; no secret reaches the log', async () => {
    behaviour = (_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ code: 21610, message: 'Attempt to send to unsubscribed recipient +447700900999' }),
      );
    };
    const refused = await app.delivery.send(sms('+447700900999', '271828')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe(RetCode.SystemBusy);

    behaviour = () => {};
    const timedOut = await app.delivery.send(sms('+447700900998', '161803')).catch((e: unknown) => e);
    expect((timedOut as ApiError).code).toBe(RetCode.SystemBusy);

    const rows = await app.db.selectFrom('outbox').select(['recipient', 'status']).execute();
    expect(
      rows
        .filter((r) => r.status === 'failed')
        .map((r) => r.recipient)
        .sort(),
    ).toEqual(['+447700900998', '+447700900999']);
    const log = lines.join('');
    expect(log).toContain('SMS gateway answered HTTP 400 (code 21610)');
    expect(log).toContain('SMS gateway did not answer within 500 ms');
    for (const secret of [
      TOKEN,
      Buffer.from(`${SID}:${TOKEN}`).toString('base64'),
      '271828',
      '161803',
      '314159',
    ])
      expect(log).not.toContain(secret);
  });
});

describe('SMS configuration', () => {
  const env = { NODE_ENV: 'test', DATABASE_URL: 'sqlite::memory:' } as const;
  const twilio = { SMS_PROVIDER: 'twilio', SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: TOKEN, SMS_FROM: FROM };

  it("defaults to the outbox, and to Twilio's API over https when the provider is chosen", () => {
    expect(loadConfig(env).sms).toEqual({ provider: 'outbox' });
    expect(loadConfig({ ...env, ...twilio }).sms).toEqual({
      provider: 'twilio',
      apiBase: 'https://api.twilio.com/2010-04-01',
      accountSid: SID,
      authToken: TOKEN,
      from: FROM,
      timeoutMs: 10_000,
    });
  });

  it('refuses at start: missing credentials, plain http beyond loopback, stray credentials; never echoing the token', () => {
    const problem = (over: Record<string, string>) => {
      try {
        loadConfig({ ...env, ...over });
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(problem({ SMS_PROVIDER: 'twilio', SMS_ACCOUNT_SID: SID })).toContain(
      'SMS_PROVIDER=twilio needs SMS_AUTH_TOKEN, SMS_FROM',
    );
    expect(problem({ ...twilio, SMS_API_BASE: 'http://sms.example.com/2010-04-01' })).toContain(
      'SMS_API_BASE: must be https://',
    );
    expect(problem({ ...twilio, SMS_API_BASE: 'http://[::1]:8080/v1' })).toBe('');
    expect(problem({ SMS_AUTH_TOKEN: TOKEN })).toContain('SMS_AUTH_TOKEN: set, but SMS_PROVIDER is not');
    expect(problem({ ...twilio, SMS_FROM: 'not a valid sender id' })).toContain('SMS_FROM');
    const short = problem({ ...twilio, SMS_AUTH_TOKEN: 'short-secret' });
    expect(short).toContain('SMS_AUTH_TOKEN');
    expect(short).not.toContain('short-secret');
    expect(problem({ ...twilio, SMS_TIMEOUT_MS: '10' })).toContain('SMS_TIMEOUT_MS');
  });

  it('counts the token as a real credential on a development server open to the network', () => {
    expect(() => loadConfig({ ...env, ...twilio, HOST: '0.0.0.0' })).toThrow(/SMS_AUTH_TOKEN/);
  });
});
