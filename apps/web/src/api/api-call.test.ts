import * as countriesCalls from '@gatehouse/contract/endpoints/countries';
import * as loginCalls from '@gatehouse/contract/endpoints/login';
import * as userCalls from '@gatehouse/contract/endpoints/user';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearResponseCache } from './cache/response-cache';
import { apiConfig, configureApi } from './config';
import { api } from './envelope-client';
import { startTestServer, type TestServer } from './test-support/api-test-server';

let server: TestServer;
const defaults = { ...apiConfig() };
const seen: { method: string; path: string; query: unknown; body: unknown }[] = [];

beforeAll(async () => {
  server = await startTestServer((app) => {
    for (const endpoint of [loginCalls.loginUnlock, countriesCalls.countryList, userCalls.profile]) {
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        handler: async (req) => {
          seen.push({ method: req.method, path: endpoint.path, query: req.query, body: req.body ?? null });
          return { ret_code: 0, ret_msg: 'OK', result: { trusted: true, list: [] } };
        },
      });
    }
  });
});
afterAll(() => server.close());
beforeEach(async () => {
  configureApi({ ...defaults, baseUrl: server.baseUrl });
  seen.length = 0;
  server.hits.clear();
  await clearResponseCache();
});

describe('api.call: the endpoint table drives the request', () => {
  it('sends a POST body to the entry path and types the result', async () => {
    const answer = await api.call(loginCalls.loginUnlock, { token: 'link-token' });
    expect(seen).toEqual([
      { method: 'POST', path: loginCalls.loginUnlock.path, query: {}, body: { token: 'link-token' } },
    ]);
    const trusted: boolean | undefined = answer?.result.trusted;
    expect(trusted).toBe(true);
  });

  it('sends a GET request as query parameters', async () => {
    await api.call(countriesCalls.countryList, { is_iso: '1' });
    expect(seen).toEqual([
      { method: 'GET', path: countriesCalls.countryList.path, query: { is_iso: '1' }, body: null },
    ]);
  });

  it("keeps an answer as long as the entry's cache policy says, and not at all when told not to", async () => {
    await api.call(userCalls.profile);
    await api.call(userCalls.profile);
    expect(server.hits.get(userCalls.profile.path)).toBe(1);
    await api.call(userCalls.profile, {}, { useCache: false });
    expect(server.hits.get(userCalls.profile.path)).toBe(2);
  });

  it('refuses at compile time a misspelled or missing body field, and a wrong result field', () => {
    // Never run: the checks are the compiler's (`npm run typecheck` fails when one stops erroring).
    const typeChecks = () => {
      // @ts-expect-error `tokne` is not a field of the unlock request
      void api.call(loginCalls.loginUnlock, { tokne: 'x' });
      // @ts-expect-error the unlock request needs its token
      void api.call(loginCalls.loginUnlock, {});
      // @ts-expect-error login takes an encrypted password, not a plain one
      void api.call(loginCalls.login, { email: 'a@example.com', password: 'secret' });
      void api.call(loginCalls.loginUnlock, { token: 'x' }).then((answer) => {
        // @ts-expect-error the unlock result has `trusted`, not `unlocked`
        return answer?.result.unlocked;
      });
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});
