// @vitest-environment jsdom
import {
  AFFILIATE_PATH_PREFIX,
  OAUTH_AUTHORIZE_PATH,
  PROFILE_PATH,
  PUBLIC_ENDPOINTS,
  QUICK_TOKEN_PATH,
  RETURNED_WITHOUT_TOAST,
  RetCode,
  THIRD_PARTY_LOGIN_PATH,
  UNBIND_GOOGLE_2FA_SEND_EMAIL_CODE_PATH,
} from '@gatehouse/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../components/feedback/toast';
import type * as ToastModule from '../components/feedback/toast';
import { clearResponseCache } from './cache/response-cache';
import { apiConfig, configureApi, type ApiTranslator } from './config';
import { request, resetSessionToastThrottle, type ApiOptions } from './envelope-client';
import { setSessionExpiredHandler } from './session-events';
import { ApiCallError, HttpError, TimeoutError } from './errors';
import { refusedBaseUrl, startTestServer, type TestServer } from './test-support/api-test-server';
import { getUserToken, setTgToken, setUserToken } from './token-store';

vi.mock('../components/feedback/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  toast: vi.fn(),
}));
const toastSpy = vi.mocked(toast);

let server: TestServer;
const defaults = { ...apiConfig() };

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  configureApi({ ...defaults, platform: undefined, translator: undefined, baseUrl: server.baseUrl });
  toastSpy.mockClear();
  resetSessionToastThrottle();
  setSessionExpiredHandler(undefined);
  setUserToken(undefined);
  setTgToken(undefined);
  await clearResponseCache();
});
afterEach(() => vi.useRealTimers());

/** Calls `path`; the test server answers with `code` and the `extra` envelope fields. */
function call(path: string, code: number, extra: Record<string, unknown> = {}, options: ApiOptions = {}) {
  return request<unknown>('GET', path, {
    ...options,
    headers: { 'x-test-code': String(code), 'x-test-extra': JSON.stringify(extra), ...options.headers },
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiCallError);
  return error as ApiCallError;
}

const texts: Record<string, string> = {
  '10016_login': 'Too many login attempts',
  '10016_register': 'Too many sign-up attempts',
  '10016_other': 'Too many requests',
  '40029': 'This account has been terminated.',
  '12345': 'Localised twelve',
};
const translator: ApiTranslator = {
  t: (key, options) => texts[key] ?? options?.defaultValue ?? key,
  hasLoaded: () => true,
  loadNamespaces: () => Promise.resolve(),
};

const centred = (durationMs: number) => ({ durationMs, position: 'center', kind: 'error' });

interface Echo {
  headers: Record<string, string | undefined>;
}
const echoHeaders = async (path = '/echo') =>
  ((await request<Echo>('GET', path))?.result.headers ?? {}) as Echo['headers'];

describe('request headers', () => {
  it('sends tx-id, entry, Guid, Lang, platform and X-User-Agent; no UserToken while the cookie holds the session', async () => {
    const headers = await echoHeaders();
    expect(headers['tx-id']).toMatch(/^[0-9a-f]{14}$/);
    expect(headers.entry).toBe(encodeURIComponent(location.href));
    expect(headers.guid).toHaveLength(36);
    expect(document.cookie).toContain(headers.guid);
    expect(headers.lang).toBe('en');
    expect(headers.platform).toBe('pc');
    expect(headers['x-user-agent']).toBe('gatehouse-web');
    expect(headers.usertoken).toBeUndefined();
    expect(headers.tgtoken).toBeUndefined();
    expect((await echoHeaders())['tx-id']).toBe(headers['tx-id']);
  });

  it('derives Lang from the locale prefix: en when absent or en-US', async () => {
    history.pushState(null, '', '/zh-TW/login');
    expect((await echoHeaders()).lang).toBe('zh-TW');
    history.pushState(null, '', '/en-US/login');
    expect((await echoHeaders()).lang).toBe('en');
    history.pushState(null, '', '/');
  });

  it('sends a held UserToken, except to public endpoints', async () => {
    setUserToken('held');
    expect((await echoHeaders()).usertoken).toBe('held');
    expect((await echoHeaders('/v3/private/kyc/get-rc-config?site_id=EU')).usertoken).toBe('held');
    for (const path of PUBLIC_ENDPOINTS) {
      const headers = await echoHeaders(`${path}?x=1`);
      expect(headers.usertoken).toBeUndefined();
      expect(headers.guid).toHaveLength(36);
    }
  });

  it('sends TgToken only inside Telegram', async () => {
    setTgToken('tg-1');
    expect((await echoHeaders()).tgtoken).toBeUndefined();
    configureApi({ platform: 'ios_tg' });
    const headers = await echoHeaders();
    expect(headers.tgtoken).toBe('tg-1');
    expect(headers.platform).toBe('ios_tg');
  });

  it('asks for the token in the envelope when the session transport is header', async () => {
    configureApi({ sessionTransport: 'header' });
    expect((await echoHeaders())['x-session-transport']).toBe('header');
  });
});

describe('envelope outcomes', () => {
  it('resolves the envelope for ret_code 0 and 10007 without a toast', async () => {
    await expect(call('/ok', 0, { result: { a: 1 } })).resolves.toMatchObject({
      ret_code: 0,
      result: { a: 1 },
    });
    await expect(call('/ok', RetCode.SuccessNoCache)).resolves.toMatchObject({ ret_code: 10007 });
    expect(toastSpy).not.toHaveBeenCalled();
  });

  it('replaces the held token with a response token unless it is "null"', async () => {
    await call('/login', 0, { token: 'fresh' });
    expect(getUserToken()).toBe('fresh');
    await call('/login', 0, { token: 'null' });
    expect(getUserToken()).toBe('fresh');
    await call('/x', 0);
    expect(getUserToken()).toBe('fresh');
    expect((await echoHeaders()).usertoken).toBe('fresh');
  });

  it('rejects 33003 and 10009 silently', async () => {
    for (const code of [RetCode.ConfigStale, RetCode.CacheStale]) {
      const error = await failure(call('/cfg', code));
      expect(error).toMatchObject({ code, toasted: false });
    }
    expect(toastSpy).not.toHaveBeenCalled();
  });

  it('drops the cache entry on 10007, 33003 and 10009, but keeps the profile answer', async () => {
    const hits = (path: string) => server.hits.get(path) ?? 0;
    for (const code of [RetCode.SuccessNoCache, RetCode.ConfigStale, RetCode.CacheStale]) {
      const path = `/cached/${code}`;
      await call(path, code, {}, { useCache: true }).catch(() => undefined);
      await call(path, code, {}, { useCache: true }).catch(() => undefined);
      expect(hits(path)).toBe(2);
    }
    await call('/cached/ok', 0, {}, { useCache: true });
    await call('/cached/ok', 0, {}, { useCache: true });
    expect(hits('/cached/ok')).toBe(1);
    await call(PROFILE_PATH, RetCode.SuccessNoCache, {}, { useCache: true, ttl: 10_000 });
    await call(PROFILE_PATH, RetCode.SuccessNoCache, {}, { useCache: true, ttl: 10_000 });
    expect(hits(PROFILE_PATH)).toBe(1);
  });

  it('returns every RETURNED_WITHOUT_TOAST code to the caller without a toast', async () => {
    for (const code of RETURNED_WITHOUT_TOAST) {
      const error = await failure(call('/login', code, { result: { detail: code } }));
      expect(error.envelope).toMatchObject({ ret_code: code, result: { detail: code } });
      expect(error.toasted).toBe(false);
    }
    expect(toastSpy).not.toHaveBeenCalled();
  });

  it('10006 runs the session-expiry handler and toasts for 2 s at most once per 10 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    const first = await failure(call('/v2/private/user/profile', RetCode.SessionExpired));
    expect(first.toasted).toBe(true);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(toastSpy).toHaveBeenCalledTimes(1);
    expect(toastSpy).toHaveBeenCalledWith('server says no', centred(2000));
    vi.setSystemTime(Date.now() + 9_999);
    await failure(call('/a', RetCode.SessionExpired));
    expect(handler).toHaveBeenCalledTimes(2);
    expect(toastSpy).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 2);
    await failure(call('/a', RetCode.SessionExpired));
    expect(toastSpy).toHaveBeenCalledTimes(2);
  });

  it('10006 on quick_token does not run the session-expiry handler', async () => {
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    await failure(request('POST', QUICK_TOKEN_PATH, { data: {}, headers: { 'x-test-code': '10006' } }));
    expect(handler).not.toHaveBeenCalled();
  });

  it('10016 toasts "10016: …" with the text for the kind of path', async () => {
    configureApi({ translator });
    await failure(call('/user/public/login_compliance', RetCode.TooFrequent));
    await failure(call('/user/public/register/info', RetCode.TooFrequent));
    await failure(call('/v3/config/banner', RetCode.TooFrequent));
    expect(toastSpy.mock.calls.map(([message]) => message)).toEqual([
      '10016: Too many login attempts',
      '10016: Too many sign-up attempts',
      '10016: Too many requests',
    ]);
  });

  it('30054 toasts its message for 5 s', async () => {
    await failure(call('/login', RetCode.RiskBlocked));
    expect(toastSpy).toHaveBeenCalledWith('server says no', centred(5000));
  });

  it('40029 toasts "This account has been terminated."', async () => {
    configureApi({ translator });
    await failure(call('/login', RetCode.AccountTerminated));
    expect(toastSpy).toHaveBeenCalledWith('This account has been terminated.', centred(5000));
  });

  it('50002 toasts for 2 s, except on authorize', async () => {
    await failure(call('/v3/config/web', RetCode.SystemBusy));
    expect(toastSpy).toHaveBeenCalledWith('server says no', centred(2000));
    toastSpy.mockClear();
    const error = await failure(call(`${OAUTH_AUTHORIZE_PATH}?client_id=c`, RetCode.SystemBusy));
    expect(error.toasted).toBe(false);
    expect(toastSpy).not.toHaveBeenCalled();
  });

  it('40004 on third-party login is silent inside Telegram only', async () => {
    await failure(
      request('POST', THIRD_PARTY_LOGIN_PATH, { data: { a: 1 }, headers: { 'x-test-code': '40004' } }),
    );
    expect(toastSpy).toHaveBeenCalledTimes(1);
    configureApi({ platform: 'android_tg' });
    await failure(
      request('POST', THIRD_PARTY_LOGIN_PATH, { data: { a: 1 }, headers: { 'x-test-code': '40004' } }),
    );
    expect(toastSpy).toHaveBeenCalledTimes(1);
  });

  it('610016, 610017 and 10002 are silent on affiliate calls only', async () => {
    for (const code of [RetCode.AffiliateNotFound, RetCode.AffiliateDisabled, RetCode.NotFound]) {
      await failure(call(`${AFFILIATE_PATH_PREFIX}apis/v1/open-info`, code));
    }
    expect(toastSpy).not.toHaveBeenCalled();
    await failure(call('/s1/code/info', RetCode.NotFound));
    expect(toastSpy).toHaveBeenCalledWith('10002: server says no', centred(5000));
  });

  it('20035 becomes 35300 on the unbind-google-2fa send-code call only', async () => {
    const mapped = await failure(
      request('POST', UNBIND_GOOGLE_2FA_SEND_EMAIL_CODE_PATH, {
        data: {},
        headers: { 'x-test-code': '20035' },
      }),
    );
    expect(mapped.code).toBe(35300);
    expect(toastSpy).toHaveBeenLastCalledWith('35300: server says no', centred(5000));
    const kept = await failure(call('/other', 20035));
    expect(kept.code).toBe(20035);
  });

  it('toasts any other code centred for 5 s as "code: message", localised when the locale has it', async () => {
    const error = await failure(call('/x', 54321));
    expect(error.toasted).toBe(true);
    expect(toastSpy).toHaveBeenLastCalledWith('54321: server says no', centred(5000));
    configureApi({ translator });
    await failure(call('/x', 12345));
    expect(toastSpy).toHaveBeenLastCalledWith('12345: Localised twelve', centred(5000));
  });

  it('loads the error namespace before the first localised toast', async () => {
    let loaded = false;
    const loadNamespaces = vi.fn(async () => {
      loaded = true;
    });
    configureApi({ translator: { ...translator, hasLoaded: () => loaded, loadNamespaces } });
    await failure(call('/x', 12345));
    await vi.waitFor(() => expect(toastSpy).toHaveBeenCalledWith('12345: Localised twelve', centred(5000)));
    expect(loadNamespaces).toHaveBeenCalledWith(['inverse-error-code']);
  });

  it('hideError suppresses the toast', async () => {
    const error = await failure(call('/x', 54321, {}, { hideError: true }));
    expect(error.toasted).toBe(false);
    expect(toastSpy).not.toHaveBeenCalled();
  });

  it('31002 is a result only when pass_err_count is 3, 4 or 5', async () => {
    for (const count of [3, 4, 5]) {
      await expect(call('/login', RetCode.PasswordWrong, { pass_err_count: count })).resolves.toMatchObject({
        ret_code: 31002,
        pass_err_count: count,
      });
    }
    await expect(
      call('/login', RetCode.PasswordWrong, { result: { pass_err_count: 4 } }),
    ).resolves.toMatchObject({
      ret_code: 31002,
    });
    expect(toastSpy).not.toHaveBeenCalled();
    for (const extra of [{ pass_err_count: 2 }, { pass_err_count: 6 }, {}]) {
      await failure(call('/login', RetCode.PasswordWrong, extra));
    }
    expect(toastSpy).toHaveBeenCalledTimes(3);
    expect(toastSpy).toHaveBeenLastCalledWith('31002: server says no', centred(5000));
  });
});

describe('transport failures', () => {
  it('HTTP 400+ without an envelope calls onError and yields null', async () => {
    const onError = vi.fn();
    server.app.log.level = 'silent';
    const result = await request('GET', '/broken', {
      onError,
      headers: { 'x-test-status': '502', 'x-test-extra': '{"ret_code":"x"}' },
    });
    expect(result).toBeNull();
    expect(onError).toHaveBeenCalledWith(expect.any(HttpError));
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ status: 502 });
    expect(toastSpy).not.toHaveBeenCalled();
  });

  it('HTTP 400+ with an envelope calls onError and then follows the ret_code rules', async () => {
    const onError = vi.fn();
    const error = await failure(
      call('/login', RetCode.TooFrequent, {}, { onError, headers: { 'x-test-status': '429' } }),
    );
    expect(onError).toHaveBeenCalledTimes(1);
    expect(error.code).toBe(10016);
    expect(toastSpy).toHaveBeenCalledWith('10016: server says no', centred(5000));
  });

  it('a refused connection becomes ret_code -200 with a toast', async () => {
    configureApi({ baseUrl: await refusedBaseUrl() });
    const error = await failure(request('GET', '/anything'));
    expect(error.code).toBe(-200);
    expect(toastSpy).toHaveBeenCalledWith(expect.stringMatching(/^-200: /), centred(5000));
  });

  it('a timeout becomes ret_code -200 carrying the TimeoutError', async () => {
    const error = await failure(call('/slow', 0, {}, { timeout: 50, headers: { 'x-test-delay': '400' } }));
    expect(error.code).toBe(-200);
    expect(error.envelope.ret_msg).toBe('timeout of 50ms exceeded');
    expect(error.cause).toBeInstanceOf(TimeoutError);
  });

  it("the caller's own abort rejects with the AbortError, no toast", async () => {
    const controller = new AbortController();
    const pending = call('/slow', 0, {}, { signal: controller.signal, headers: { 'x-test-delay': '400' } });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(toastSpy).not.toHaveBeenCalled();
  });
});
