import { LOGIN_RISK_SCENE, RetCode } from '@gatehouse/contract';
import * as countryCalls from '@gatehouse/contract/endpoints/countries';
import * as loginCalls from '@gatehouse/contract/endpoints/login';
import * as registrationCalls from '@gatehouse/contract/endpoints/registration';
import * as systemCalls from '@gatehouse/contract/endpoints/system';
import * as userCalls from '@gatehouse/contract/endpoints/user';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../api/envelope-client';
import { ApiCallError } from '../api/errors';
import { CAPTCHA_OFF, fail, httpError, ok, startApiFake, TEST_COUNTRIES, type ApiFake } from './api-fake';

let fake: ApiFake;
beforeAll(async () => {
  fake = await startApiFake();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

const UUID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

describe('the API fake', () => {
  it('answers an entry at its method and path with the typed result, and keeps the requests', async () => {
    fake.answer(loginCalls.loginUnlock, ok({ trusted: true }));
    const answer = await api.call(loginCalls.loginUnlock, { token: 'good-token' });
    expect(answer?.result).toEqual({ trusted: true });
    expect(fake.received(loginCalls.loginUnlock)).toEqual([{ token: 'good-token' }]);
    expect(fake.receivedCount()).toBe(1);
  });

  it('hands a function the typed request (the query of a GET)', async () => {
    fake.answer(registrationCalls.registerVerifyResult, (query) =>
      ok({ verify_result: query.uuid === UUID ? 1 : 0 }),
    );
    const answer = await api.call(registrationCalls.registerVerifyResult, { uuid: UUID });
    expect(answer?.result).toEqual({ verify_result: 1 });
    expect(fake.received(registrationCalls.registerVerifyResult)).toEqual([{ uuid: UUID }]);
  });

  it('answers a failure with its code, result and envelope fields', async () => {
    fake.answer(
      loginCalls.login,
      fail(RetCode.PasswordWrong, { pass_err_count: 3, max_pass_err_count: 5 }, { pass_err_count: 3 }),
    );
    // 31002 with a count of 3-5 is handed back to the page rather than thrown (spec §8).
    const answer = await api.call(loginCalls.login, { email: 'ann@example.com', ...PASSWORD });
    expect(answer).toEqual({
      ret_code: RetCode.PasswordWrong,
      ret_msg: `error ${RetCode.PasswordWrong}`,
      result: { pass_err_count: 3, max_pass_err_count: 5 },
      pass_err_count: 3,
    });
  });

  it('answers an HTTP error status without an envelope', async () => {
    const onError = vi.fn();
    fake.answer(userCalls.profile, httpError(502, 'Bad Gateway'));
    expect(await api.call(userCalls.profile, {}, { onError, hideError: true })).toBeNull();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 502 }));
  });

  it('answers an entry without an answer as the server answers an unknown route, and resets', async () => {
    fake.answer(loginCalls.loginUnlock, ok({ trusted: true }));
    await api.call(loginCalls.loginUnlock, { token: 't' });
    fake.reset();
    expect(fake.received(loginCalls.loginUnlock)).toEqual([]);
    expect(fake.receivedCount()).toBe(0);
    const call = api.call(loginCalls.loginUnlock, { token: 't' }, { hideError: true });
    await expect(call).rejects.toBeInstanceOf(ApiCallError);
    await expect(call).rejects.toMatchObject({ envelope: { ret_code: RetCode.RouteNotFound } });
  });

  it('answers the defaults: countries, calling code, risk check, web config without captcha', async () => {
    expect((await api.call(countryCalls.countryList))?.result).toEqual(TEST_COUNTRIES);
    expect((await api.call(countryCalls.countryCode))?.result).toEqual({ country: 'GB', country_code: '44' });
    const risk = await api.call(loginCalls.riskIntercept, { scene: LOGIN_RISK_SCENE });
    expect(risk?.result).toEqual({ intercept: false });
    const config = await api.call(systemCalls.webConfig, { project_name: 'web', keys: [CAPTCHA_OFF.name] });
    expect(config?.result).toEqual({ data: [CAPTCHA_OFF] });
  });

  it('refuses at compile time what the entry never answers, and any raw path', () => {
    // Never run: the checks are the compiler's.
    const typeChecks = () => {
      // @ts-expect-error `trusted` misspelled: the unlock result has no `trustd`
      fake.answer(loginCalls.loginUnlock, ok({ trustd: true }));
      // @ts-expect-error an optional field misspelled is refused as well (`reasn` for `reason`)
      fake.answer(loginCalls.riskIntercept, ok({ intercept: true, reasn: 'ip_limit' }));
      // @ts-expect-error a misspelled field in a reply made from the request
      fake.answer(loginCalls.loginUnlock, (request) => ok({ trusted: request.token === 'x', extra: 1 }));
      // @ts-expect-error the unlock call never answers IpLimit
      fake.answer(loginCalls.loginUnlock, fail(RetCode.IpLimit));
      // @ts-expect-error a public call never answers SessionExpired
      fake.answer(loginCalls.login, fail(RetCode.SessionExpired));
      // @ts-expect-error a failure's result has the shape the contract gives its code
      fake.answer(loginCalls.login, fail(RetCode.PasswordWrong, { pass_err_cnt: 3 }));
      // @ts-expect-error a raw path is no table entry
      fake.answer('/login', fail(RetCode.InternalError));
      // @ts-expect-error nor is a method and path
      fake.answer({ method: 'POST', path: '/login' }, fail(RetCode.InternalError));
      // @ts-expect-error nor an endpoint-shaped object the table does not hold
      fake.answer({ ...loginCalls.login, path: '/user/public/login_v2' }, fail(RetCode.InternalError));
      // @ts-expect-error the requests received are typed by the entry
      void fake.received(loginCalls.loginUnlock)[0]?.tokn;
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});

const PASSWORD = { encrypt_password: 'c2VhbGVkLXBhc3N3b3Jk', encrypt_timestamp: '1700000000000' };
