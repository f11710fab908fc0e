import type { App } from '../../app.js';
import { encryptedPassword, PASSWORD, postJson, type Device } from '../login/login.test-kit.js';
import { totpCodeAt } from './totp.js';

/**
 * Helpers for tests that need an account with an authenticator: bound through the real calls
 * (password again, then a code of the new secret), codes computed as the user's app computes them.
 * Test-only; nothing in the app imports it.
 */

export interface BoundAuthenticator {
  /** Base32, as the set-up showed it. */
  secret: string;
  backupCodes: string[];
}

/** Turn 2FA on for the session `cookie` (logged in on `dev`) and answer the secret and backup codes. */
export async function bindAuthenticator(
  app: App,
  cookie: string,
  dev: Device,
  password = PASSWORD,
): Promise<BoundAuthenticator> {
  const cookies = { gh_session: cookie };
  const setup = await postJson(app, '/user/private/google2fa/setup', encryptedPassword(app, password), dev, {
    cookies,
  });
  const started = setup.json<{ ret_code: number; result: { secret: string } }>();
  if (started.ret_code !== 0) throw new Error(`2FA setup failed: ${setup.body}`);
  const { secret } = started.result;
  const enable = await postJson(
    app,
    '/user/private/google2fa/enable',
    { code: totpCodeAt(secret, Date.now()) },
    dev,
    { cookies },
  );
  const enabled = enable.json<{ ret_code: number; result: { backup_codes: string[] } }>();
  if (enabled.ret_code !== 0) throw new Error(`2FA enable failed: ${enable.body}`);
  return { secret, backupCodes: enabled.result.backup_codes };
}

/** The code the user's app shows `offsetSteps` time steps from now (30 s each). */
export function codeAt(secret: string, offsetSteps = 0, now = Date.now()): string {
  return totpCodeAt(secret, now + offsetSteps * 30_000);
}
