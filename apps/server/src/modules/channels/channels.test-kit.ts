import { expect } from 'vitest';
import type { App } from '../../app.js';
import {
  GOOD_PASSWORD,
  encryptedPassword,
  latestCode,
  newBrowser,
  post,
} from '../registration/registration.test-kit.js';

/** Helpers for the channels tests. Test-only; nothing in the app imports it. */

interface Envelope<T = Record<string, unknown>> {
  ret_code: number;
  result: T;
}

export const envelope = <T = Record<string, unknown>>(res: { json: () => unknown }) =>
  res.json() as Envelope<T>;

/**
 * A whole sign-up by e-mail (info → verify → password) in a fresh browser, carrying `channel` (the
 * register payload's channel fields) at the start; the envelope of the last step.
 */
export async function signUp(
  app: App,
  email: string,
  channel: Record<string, unknown> = {},
  host = 'localhost',
): Promise<Envelope<{ user_id: number }>> {
  const browser = newBrowser();
  const started = envelope<{ uuid: string }>(
    await post(app, '/user/public/register/info', { email, ...channel }, { browser, host }),
  );
  if (started.ret_code !== 0) return started as unknown as Envelope<{ user_id: number }>;
  const { uuid } = started.result;
  const code = await latestCode(app, email);
  expect(
    envelope(await post(app, '/user/public/register/verify', { uuid, code }, { browser, host })).ret_code,
  ).toBe(0);
  return envelope<{ user_id: number }>(
    await post(
      app,
      '/user/public/register/password',
      { uuid, ...encryptedPassword(app, GOOD_PASSWORD) },
      { browser, host },
    ),
  );
}
