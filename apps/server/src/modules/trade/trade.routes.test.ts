import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
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
      RetCode.SESSION_EXPIRED,
    );
    expect((await postJson(app, '/user/private/trade/switch', { env: 2 }, device())).json().ret_code).toBe(
      RetCode.PARAMS_INVALID,
    );
  });
});
