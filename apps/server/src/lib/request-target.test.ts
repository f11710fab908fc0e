import { describe, expect, it } from 'vitest';
import { aimsAtApi, checkRequestTarget, isUnderApiBase, type NonCanonicalReason } from './request-target.js';

const check = (target: string) => checkRequestTarget(target, '/x-api');

describe('checkRequestTarget: canonical targets pass', () => {
  it.each([
    '/',
    '/x-api/logout',
    '/x-api/logout?x=1',
    '/x-api/logout?',
    '/x-api/v2/public/country-list?is_iso=1&a=%2F%2e%00',
    '/x-api',
    '/en/login',
    '/en/login/', // one trailing slash: the page rules accept it
    '/ja-JP/login?x=%E3%81%82',
    '/ja-JP/%E3%81%82', // percent-encoded UTF-8 in a page path
    '/ja-JP/%e3%81%82', // hex case is not a second spelling the router folds into a route
    '/oauth/authorize?client_id=a&redirect_uri=https%3A%2F%2Fapp.example%2Fcb',
    '/assets/index-AbC123.js',
    '/.well-known/oauth-authorization-server',
    '/a%20b', // encoded space: the router keeps it a space, which no raw path can hold
    '/a%25b', // an encoded percent sign
    '/a%3Bb', // encoded `;` stays encoded for the router: another path
    "/a!$&'()*+,=:@~b",
  ])('%s', (target) => {
    expect(check(target)).toEqual({ ok: true });
  });
});

describe('checkRequestTarget: other spellings are refused', () => {
  const cases: Array<[string, NonCanonicalReason]> = [
    ['http://localhost/x-api/logout', 'not-origin-form'],
    ['https://evil.example/x-api/logout', 'not-origin-form'],
    ['*', 'not-origin-form'],
    ['localhost:80', 'not-origin-form'],
    ['x-api/logout', 'not-origin-form'],
    ['/x-api/logout#x', 'fragment'],
    ['/x-api/logout?a=1#x', 'fragment'],
    ['//x-api/logout', 'empty-segment'],
    ['/x-api//logout', 'empty-segment'],
    ['/en//login', 'empty-segment'],
    ['/x-api/./logout', 'dot-segment'],
    ['/x-api/foo/../logout', 'dot-segment'],
    ['/./x-api/logout', 'dot-segment'],
    ['/x-api/..', 'dot-segment'],
    ['/x-api/%2e/logout', 'needless-encoding'],
    ['/x-api/%2E%2E/logout', 'needless-encoding'],
    ['/x-api/%6Cogout', 'needless-encoding'],
    ['/x-api/%6cogout', 'needless-encoding'],
    ['/%78-api/logout', 'needless-encoding'],
    ['/x%2Dapi/logout', 'needless-encoding'],
    ['/x-api/logout%7E', 'needless-encoding'],
    ['/x-api/a%21', 'needless-encoding'],
    ['/x-api/a%28b%29', 'needless-encoding'],
    ['/x-api%2Flogout', 'encoded-separator'],
    ['/x-api%2flogout', 'encoded-separator'],
    ['/x-api%5Clogout', 'encoded-separator'],
    ['/x-api/logout%00', 'encoded-separator'],
    ['/x-api/logout%0A', 'encoded-separator'],
    ['/x-api/logout%7F', 'encoded-separator'],
    ['/x-api\\logout', 'character'],
    ['/x-api/logout;a=b', 'character'],
    ['/en/login;jsessionid=1', 'character'],
    ['/x-api/logout\u0000', 'character'],
    ['/x-api/logout\t', 'character'],
    ['/x-api/logout x', 'character'],
    ['/x-api/lögout', 'character'],
    ['/x-api/<script>', 'character'],
    ['/x-api/a|b', 'character'],
    ['/x-api/logout%', 'bad-encoding'],
    ['/x-api/logout%G0', 'bad-encoding'],
    ['/x-api/logout%C0%AF', 'bad-encoding'], // overlong `/`
    ['/x-api/logout%E0%80%AE', 'bad-encoding'], // overlong `.`
    ['/x-api/logout%E3%81', 'bad-encoding'], // truncated
    ['/x-api/logout%ED%A0%80', 'bad-encoding'], // a UTF-16 surrogate
    ['/x-api/logout%FF', 'bad-encoding'],
    ['/X-API/logout', 'api-case'],
    ['/X-api', 'api-case'],
    ['/x-api/logout/', 'api-trailing-slash'],
    ['/x-api/', 'api-trailing-slash'],
  ];
  it.each(cases)('%j → %s', (target, reason) => {
    expect(check(target)).toEqual({ ok: false, reason });
  });
});

describe('aimsAtApi: which refusals answer in the envelope', () => {
  it.each([
    '/x-api/logout',
    '//x-api/logout',
    '/X-API/logout',
    '/%78-api/logout',
    '/./x-api/logout',
    '/foo/../x-api/logout',
    '/x-api\\logout',
    'http://localhost/x-api/logout',
    '/x-api/logout%C0%AF',
    '/x-api#x',
  ])('%j is aimed at the API', (target) => {
    expect(aimsAtApi(target, '/x-api')).toBe(true);
  });

  it.each(['/en/login', '//en/login', '/x-apix/logout', '/%zz', '*', 'http://[bad/x-api', '/en/x-api'])(
    '%j is not',
    (target) => {
      expect(aimsAtApi(target, '/x-api')).toBe(false);
    },
  );
});

describe('isUnderApiBase', () => {
  it('matches the base and paths beneath it, not look-alikes', () => {
    expect(isUnderApiBase('/x-api', '/x-api')).toBe(true);
    expect(isUnderApiBase('/x-api?x=1', '/x-api')).toBe(true);
    expect(isUnderApiBase('/x-api/logout', '/x-api')).toBe(true);
    expect(isUnderApiBase('/x-apix', '/x-api')).toBe(false);
    expect(isUnderApiBase('/en/x-api/logout', '/x-api')).toBe(false);
  });
});

describe('aimsAtApi and dot segments', () => {
  it('answers in the envelope for a target written under the API base, wherever its dot segments lead', () => {
    expect(aimsAtApi('/x-api/a/b/..%2F..%2F..%2Fetc%2Fpasswd', '/x-api')).toBe(true);
    expect(aimsAtApi('/x-api/user/private/bound-accounts/..%2F..%2F..%2F..%2Fx?a=%00', '/x-api')).toBe(true);
    expect(aimsAtApi('/en/login', '/x-api')).toBe(false);
  });
});
