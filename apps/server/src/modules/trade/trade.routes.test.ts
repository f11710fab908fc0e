import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { setFeatureFlags } from '../../test-support/feature-flags.js';
import { testApp } from '../../test-support/test-app.js';
import { createAccount, device, loginFully, postJson } from '../login/login.test-kit.js';
import { createTradeEnvRepository } from './trade.repository.js';

let app: App;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe('POST /user/private/trade/switch', () => {
  it('records the switch to the demo environment for the logged-in user', async () => {
    const account = await createAccount(app, { email: 'demo@example.com' });
    const dev = device();
    const cookie = await loginFully(app, { email: 'demo@example.com' }, 'demo@example.com', dev);
    const res = await postJson(app, '/user/private/trade/switch', { env: 1 }, dev, {
      cookies: { gh_session: cookie },
    });
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { switched: true, env: 1 } });
    expect(await createTradeEnvRepository(app.db).current(account.id)).toBe(1);
  });

  it('needs a session (10006) and env 1 (10001)', async () => {
    expect((await postJson(app, '/user/private/trade/switch', { env: 1 }, device())).json().ret_code).toBe(
      RetCode.SessionExpired,
    );
    // The session is checked before the body (lib/endpoint-route.ts): without one, only that answers.
    expect((await postJson(app, '/user/private/trade/switch', { env: 2 }, device())).json().ret_code).toBe(
      RetCode.SessionExpired,
    );
    await createAccount(app, { email: 'env2@example.com' });
    const dev = device();
    const cookie = await loginFully(app, { email: 'env2@example.com' }, 'env2@example.com', dev);
    const res = await postJson(app, '/user/private/trade/switch', { env: 2 }, dev, {
      cookies: { gh_session: cookie },
    });
    expect(res.json().ret_code).toBe(RetCode.ParamsInvalid);
  });
});

describe('demoAccount off (web config feature_flags)', () => {
  it('refuses the switch (10030) and records nothing', async () => {
    const account = await createAccount(app, { email: 'demo-off@example.com' });
    const dev = device();
    const cookie = await loginFully(app, { email: 'demo-off@example.com' }, 'demo-off@example.com', dev);
    await setFeatureFlags(app, { demoAccount: false });
    try {
      const res = await postJson(app, '/user/private/trade/switch', { env: 1 }, dev, {
        cookies: { gh_session: cookie },
      });
      expect(res.json().ret_code).toBe(RetCode.Forbidden);
      expect(await createTradeEnvRepository(app.db).current(account.id)).not.toBe(1);
    } finally {
      await setFeatureFlags(app, {});
    }
  });
});
