import { describe, expect, it } from 'vitest';
import { decidePage } from './page-redirect.js';
import type { PageRequest } from './page-redirect.js';
import type { SiteId } from '../sites/site-types.js';

const page = (site: SiteId, pathname: string, search = '', acceptLanguage?: string | null) =>
  decidePage({ site, pathname, search, acceptLanguage } satisfies PageRequest);

describe('decidePage: paths are redirected to a language-prefixed path', () => {
  it('root goes to /{lang}/login', () => {
    expect(page('global', '/')).toEqual({ kind: 'redirect', location: '/en/login' });
    expect(page('EU', '/')).toEqual({ kind: 'redirect', location: '/en-EU/login' });
    expect(page('TUR', '/')).toEqual({ kind: 'redirect', location: '/tr-TUR/login' });
  });

  it('takes the language from Accept-Language when the site supports it', () => {
    expect(page('global', '/login', '', 'ja-JP,en;q=0.5')).toEqual({
      kind: 'redirect',
      location: '/ja-JP/login',
    });
    expect(page('EU', '/login', '', 'de-DE')).toEqual({ kind: 'redirect', location: '/de-DE/login' });
    expect(page('HKG', '/', '', 'en-GB')).toEqual({ kind: 'redirect', location: '/en-HK/login' });
  });

  it("prefers the visitor's remembered choice ({product}_LANG_KEY) to Accept-Language, where the site offers it", () => {
    const chosen = (site: SiteId, pathname: string, chosenLanguage: string, acceptLanguage = 'de-DE') =>
      decidePage({ site, pathname, search: '', acceptLanguage, chosenLanguage });
    expect(chosen('global', '/', 'ja-JP')).toEqual({ kind: 'redirect', location: '/ja-JP/login' });
    expect(chosen('global', '/login', 'JA-jp')).toEqual({ kind: 'redirect', location: '/ja-JP/login' });
    // Not offered on this site (or page), or not a locale at all: Accept-Language as before.
    expect(chosen('TUR', '/', 'ja-JP', 'en-GB')).toEqual({ kind: 'redirect', location: '/en-TR/login' });
    expect(chosen('global', '/', '../../x')).toEqual({ kind: 'redirect', location: '/de-DE/login' });
    expect(chosen('global', '/sign-up', 'hi-IN', 'ja-JP')).toEqual({
      kind: 'redirect',
      location: '/ja-JP/sign-up',
    });
    // An explicit prefix always wins.
    expect(chosen('global', '/ko-KR/login', 'ja-JP')).toEqual({
      kind: 'render',
      locale: 'ko-KR',
      route: expect.anything() as unknown,
    });
  });

  it('otherwise uses the site default, or en on global', () => {
    expect(page('global', '/login', '', 'xx')).toEqual({ kind: 'redirect', location: '/en/login' });
    expect(page('KAZ', '/login', '', 'de-DE')).toEqual({ kind: 'redirect', location: '/ru-KAZ/login' });
    expect(page('NLD', '/register')).toEqual({ kind: 'redirect', location: '/nl-NL/register' });
  });

  it('keeps the query string', () => {
    expect(page('global', '/oauth', '?client_id=abc&state=x%20y')).toEqual({
      kind: 'redirect',
      location: '/en/oauth?client_id=abc&state=x%20y',
    });
    expect(page('global', '/', 'redirect_url=%2Fdashboard')).toEqual({
      kind: 'redirect',
      location: '/en/login?redirect_url=%2Fdashboard',
    });
  });

  it('a locale alone goes to /{lang}/login', () => {
    expect(page('global', '/ja-JP')).toEqual({ kind: 'redirect', location: '/ja-JP/login' });
    expect(page('global', '/ja-JP/', '?a=1')).toEqual({ kind: 'redirect', location: '/ja-JP/login?a=1' });
    expect(page('EU', '/xx-YY')).toEqual({ kind: 'redirect', location: '/en-EU/login' });
  });

  it('en-US becomes en', () => {
    expect(page('global', '/en-US/login')).toEqual({ kind: 'redirect', location: '/en/login' });
  });

  it('fixes the case of a supported prefix', () => {
    expect(page('global', '/ZH-tw/login')).toEqual({ kind: 'redirect', location: '/zh-TW/login' });
  });
});

describe('decidePage: languages a site or page does not offer', () => {
  it('an unsupported prefix redirects to the same path with the fallback locale', () => {
    expect(page('global', '/xx-YY/login', '?a=1')).toEqual({ kind: 'redirect', location: '/en/login?a=1' });
    expect(page('HKG', '/ja-JP/oauth')).toEqual({ kind: 'redirect', location: '/zh-HK/oauth' });
    expect(page('EU', '/nl-NL/login')).toEqual({ kind: 'redirect', location: '/en-EU/login' });
  });

  it('some languages are removed on sign-up', () => {
    expect(page('global', '/fil-PH/sign-up')).toEqual({ kind: 'redirect', location: '/en/sign-up' });
    expect(page('global', '/hi-IN/register')).toEqual({ kind: 'redirect', location: '/en/register' });
    expect(page('global', '/fil-PH/login')).toMatchObject({ kind: 'render', locale: 'fil-PH' });
  });

  it('sign-up without prefix ignores a hidden Accept-Language', () => {
    expect(page('global', '/sign-up', '', 'hi-IN,ja;q=0.1')).toEqual({
      kind: 'redirect',
      location: '/ja-JP/sign-up',
    });
  });

  it('es-419 is always hidden', () => {
    expect(page('global', '/es-419/login')).toEqual({ kind: 'redirect', location: '/en/login' });
  });

  it('the Turkish site is limited to Turkish and English', () => {
    expect(page('TUR', '/de-DE/login')).toEqual({ kind: 'redirect', location: '/tr-TUR/login' });
    expect(page('TUR', '/en-TR/tr-login')).toMatchObject({ kind: 'render', locale: 'en-TR' });
  });
});

describe('decidePage: /register with an affiliate_id goes to /sign-up', () => {
  it('redirects with the query kept', () => {
    expect(page('global', '/en/register', '?affiliate_id=123&group_id=9')).toEqual({
      kind: 'redirect',
      location: '/en/sign-up?affiliate_id=123&group_id=9',
    });
  });

  it('also without a prefix', () => {
    expect(page('global', '/register', '?affiliate_id=1')).toEqual({
      kind: 'redirect',
      location: '/en/sign-up?affiliate_id=1',
    });
  });

  it('not without an affiliate_id value', () => {
    expect(page('global', '/en/register', '?affiliate_id=')).toMatchObject({ kind: 'render' });
    expect(page('global', '/en/register', '?ref=1')).toMatchObject({ kind: 'render' });
    expect(page('global', '/en/sign-up', '?affiliate_id=1')).toMatchObject({ kind: 'render' });
  });
});

describe('decidePage: render and not found', () => {
  it('renders a known page with a supported prefix', () => {
    const decision = page('EU', '/nl-EU/login');
    expect(decision).toMatchObject({
      kind: 'render',
      locale: 'nl-EU',
      route: { id: 'login', path: '/login' },
    });
  });

  it('tolerates a trailing slash', () => {
    expect(page('global', '/en/login/')).toMatchObject({ kind: 'render', route: { id: 'login' } });
  });

  it('unknown paths are not found, with the best locale for the 404 page', () => {
    expect(page('global', '/en/nope')).toEqual({ kind: 'not-found', locale: 'en' });
    expect(page('global', '/nope', '', 'ja')).toEqual({ kind: 'not-found', locale: 'ja-JP' });
    expect(page('EU', '/xx-YY/nope')).toEqual({ kind: 'not-found', locale: 'en-EU' });
    expect(page('global', '/min-app/tasks')).toEqual({ kind: 'not-found', locale: 'en' });
    expect(page('global', '/favicon.ico')).toEqual({ kind: 'not-found', locale: 'en' });
  });
});

describe('decidePage: bad requests are never redirected elsewhere', () => {
  it.each([
    ['//evil.com', ''],
    ['//evil.com/login', ''],
    ['/en//login', ''],
    ['/\\evil.com', ''],
    ['/en/login\\', ''],
    ['/en/login\u0000', ''],
    ['/en/lo gin', ''],
    ['/en/login\n', ''],
    ['/en/login', '?a=\r\nSet-Cookie:x'],
    ['/en/login', '?a= b'],
    ['login', ''],
    ['', ''],
    [`/${'a'.repeat(2048)}`, ''],
    ['/login', `?${'a'.repeat(9000)}`],
  ])('%j %j → bad-request', (pathname, search) => {
    expect(page('global', pathname, search)).toEqual({ kind: 'bad-request' });
  });

  it('every redirect location is a path starting with a single /', () => {
    const paths = [
      '/',
      '/login',
      '/xx-YY/login',
      '/en',
      '/en-US/oauth',
      '/register',
      '/%2F%2Fevil.com',
      '/%5Cevil',
    ];
    for (const pathname of paths) {
      const decision = page('global', pathname, '?next=//evil.com');
      if (decision.kind === 'redirect') {
        expect(decision.location).toMatch(/^\/[^/\\]/);
      }
    }
  });
});
