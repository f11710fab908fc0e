import crypto from 'node:crypto';
import type { App } from '../../app.js';
import { createAccount } from '../login/login.test-kit.js';
import { sessionIdOf } from '../session/session-token.js';
import {
  signInitData,
  signWidgetData,
  type TestTelegramUser,
} from '../../dev/telegram-simulator/telegram-signing.js';

/** Helpers for the Telegram tests: signed data for the app's bot token, accounts with sessions. Test-only. */

export function tgUser(overrides: Partial<TestTelegramUser> = {}): TestTelegramUser {
  return { id: crypto.randomInt(1, 2_000_000_000), first_name: 'Tess', username: 'tess_tg', ...overrides };
}

function token(app: App): string {
  if (!app.telegramBotToken) throw new Error('no bot token');
  return app.telegramBotToken;
}

/** `telegram_callback` as the web sends it: the widget's user object as JSON. */
export function widgetCallback(app: App, user: TestTelegramUser, ageSec = 5): string {
  return JSON.stringify(signWidgetData(user, token(app), new Date(Date.now() - ageSec * 1000)));
}

/** `telegram_callback_mini` / `TgToken`: the Mini App init data. */
export function miniInitData(app: App, user: TestTelegramUser, ageSec = 5): string {
  return signInitData(user, token(app), new Date(Date.now() - ageSec * 1000));
}

/** An account with a session that started `sessionAgeMs` ago; `cookies` for inject. */
export async function accountWithSession(app: App, sessionAgeMs = 0) {
  const account = await createAccount(app, { email: `${crypto.randomUUID()}@example.com` });
  const session = await app.sessions.create(account.id);
  if (sessionAgeMs > 0) {
    const id = sessionIdOf(session);
    await app.db
      .updateTable('sessions')
      .set({ created_at: Date.now() - sessionAgeMs })
      .where('id', '=', id)
      .execute();
  }
  return { account, session, cookies: { gh_session: session } };
}

export const HEADERS = { platform: 'pc' };

export async function call(
  app: App,
  method: 'GET' | 'POST',
  url: string,
  opts: { payload?: unknown; cookies?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const res = await app.inject({
    method,
    url: `/x-api${url}`,
    headers: { ...HEADERS, ...opts.headers },
    ...(opts.payload !== undefined ? { payload: opts.payload as Record<string, unknown> } : {}),
    ...(opts.cookies ? { cookies: opts.cookies } : {}),
  });
  return {
    res,
    body: res.json<{ ret_code: number; ret_msg: string; result: Record<string, unknown>; token?: string }>(),
  };
}
