import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { accountWithSession, call, tgUser, widgetCallback } from './telegram.test-kit.js';

/** "A new binding" notice (issue 17, docs/flows/sessions.md). Its own app: the bind route's limit is per address. */
let app: App;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

async function notices(to: string) {
  // The notice is sent after the answer: wait for it to land.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await app.delivery.settled();
  const res = await app.inject({ url: `/dev/outbox.json?to=${encodeURIComponent(to)}` });
  return res
    .json<{ messages: { kind: string; body: string }[] }>()
    .messages.filter((m) => m.kind === 'account-bound');
}

describe('new binding notice', () => {
  it('mails the account when a Telegram account is linked, naming it; not when the bind is refused', async () => {
    const { account, cookies } = await accountWithSession(app);
    const user = tgUser({ username: 'noticed_tg' });
    const bound = await call(app, 'POST', '/user/private/bind/telegram', {
      cookies,
      payload: { telegram_callback: widgetCallback(app, user) },
    });
    expect(bound.body.ret_code).toBe(0);
    const sent = await notices(account.email ?? '');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toContain('The Telegram account @noticed_tg was just linked');

    // Someone else trying the same Telegram account: refused, and no mail to anyone.
    const other = await accountWithSession(app);
    const refused = await call(app, 'POST', '/user/private/bind/telegram', {
      cookies: other.cookies,
      payload: { telegram_callback: widgetCallback(app, user) },
    });
    expect(refused.body.ret_code).not.toBe(0);
    expect(await notices(other.account.email ?? '')).toHaveLength(0);
  });
});
