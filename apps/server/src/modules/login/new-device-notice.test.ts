import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { createAccount, device, login, loginFully, PASSWORD, sessionCookieOf } from './login.test-kit.js';

/**
 * The mail on a sign-in from a device the account had not used (issue 17, docs/flows/sessions.md):
 * sent once the session exists, with when, what and from where; not for a known device.
 */
let app: App;
beforeAll(async () => {
  app = await testApp({ TRUST_PROXY: 'true' });
});
afterAll(() => app.close());

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

async function notices(to: string): Promise<{ body: string; subject: string | null }[]> {
  await app.delivery.settled();
  const res = await app.inject({ url: `/dev/outbox.json?to=${encodeURIComponent(to)}&limit=50` });
  return res
    .json<{ messages: { kind: string; body: string; subject: string | null }[] }>()
    .messages.filter((m) => m.kind === 'new-device-sign-in');
}

describe('new-device sign-in notice', () => {
  it('mails the account after a login from a new device, with time, device and address; not for a known one', async () => {
    const email = 'notice.me@example.com';
    await createAccount(app, { email });
    const base = device(undefined, '198.51.100.44');
    const dev = { ...base, headers: { ...base.headers, 'user-agent': CHROME, 'x-client-country': 'PT' } };
    await loginFully(app, { email }, email, dev);
    const sent = await notices(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('New sign-in to your Gatehouse account');
    expect(sent[0]?.body).toContain('Chrome 120.0, Windows 10');
    expect(sent[0]?.body).toContain('198.51.100.44 (PT)');
    expect(sent[0]?.body).toMatch(/Time: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);

    // The device is known now: the next login is not news.
    expect(sessionCookieOf(await login(app, { email }, PASSWORD, dev))).toBeDefined();
    expect(await notices(email)).toHaveLength(1);
  });

  it('is not sent when the code step fails', async () => {
    const email = 'no.notice@example.com';
    await createAccount(app, { email });
    const first = await login(app, { email }, PASSWORD, device());
    expect(first.json()).toMatchObject({ ret_code: 0, result: { need_verify: { channel: 'email' } } });
    expect(await notices(email)).toHaveLength(0);
  });
});
