import { describe, expect, it } from 'vitest';
import { OAUTH_PATHS } from '../api/oauth.js';
import { ROUTE_INFO, ROUTE_PATHS } from '../routes/route-table.js';
import { safeRedirect } from './safe-redirect.js';
import type { RedirectContext } from './safe-redirect.js';

const ctx: RedirectContext = {
  origin: 'https://gatehouse.example',
  allowedDomains: ['gatehouse.example', 'gatehouse.eu'],
};
const local: RedirectContext = { origin: 'http://eu.localhost:3000', allowedDomains: ['gatehouse.eu'] };
const go = (target: string | null | undefined, context: RedirectContext = ctx) =>
  safeRedirect(target, context);

describe('safeRedirect: allowed targets', () => {
  it('keeps a same-origin relative path with query and fragment', () => {
    expect(go('/en/dashboard')).toBe('/en/dashboard');
    expect(go('/en/dashboard?newUser=true#top')).toBe('/en/dashboard?newUser=true#top');
    expect(go('/')).toBe('/');
    expect(go('/user/accounts/auth/personal')).toBe('/user/accounts/auth/personal');
  });

  it('turns an absolute URL with the exact origin into a relative path', () => {
    expect(go('https://gatehouse.example/en/dashboard?x=1')).toBe('/en/dashboard?x=1');
    expect(go('https://GATEHOUSE.example:443/en/download')).toBe('/en/download');
    expect(go('https://gatehouse.example')).toBe('/');
    expect(go('https://gatehouse.example?x=1')).toBe('/?x=1');
    expect(go('http://eu.localhost:3000/en-EU/dashboard', local)).toBe('/en-EU/dashboard');
  });

  it('allows brand domains and their sub-domains over https', () => {
    expect(go('https://gatehouse.eu/en-EU/dashboard')).toBe('https://gatehouse.eu/en-EU/dashboard');
    expect(go('https://www.gatehouse.eu')).toBe('https://www.gatehouse.eu/');
    expect(go('https://learn.GateHouse.example/a?b=c#d')).toBe('https://learn.gatehouse.example/a?b=c#d');
    expect(go('https://gatehouse.eu:443/x')).toBe('https://gatehouse.eu/x');
    expect(go('https://blog.gatehouse.eu/', local)).toBe('https://blog.gatehouse.eu/');
  });
});

describe('safeRedirect: never back to login, register or OAuth pages', () => {
  it.each([
    '/login',
    '/en/login',
    '/login/',
    '/zh-TW/sign-up',
    '/register?affiliate_id=1',
    '/en/tr-login',
    '/en/oauth?client_id=x',
    '/oauth-authorized',
    '/en/oauth-log-out',
    '/web2',
    '/EN-us/LOGIN',
    '/%6Cogin',
    '/en/login;jsessionid=1',
    'https://gatehouse.example/en/login',
    'https://gatehouse.eu/en-EU/register',
    'https://learn.gatehouse.example/oauth',
  ])('%s → /', (target) => {
    expect(go(target)).toBe('/');
  });
});

describe('safeRedirect: harmless paths are normalised, not replaced', () => {
  it.each([
    ['/en/./dashboard', '/en/dashboard'],
    ['/en/foo/../dashboard', '/en/dashboard'],
    ['/en/dashboard/.', '/en/dashboard/'],
    ['/en/dashboard/x/..', '/en/dashboard/'],
    ['/../en/dashboard', '/en/dashboard'],
    ['/en/%64ashboard', '/en/dashboard'],
    ['/en/%2e/dashboard', '/en/dashboard'],
    ['/%7Euser', '/~user'],
    ['/ja-JP/%E3%81%82', '/ja-JP/%E3%81%82'],
    ['/ja-JP/%e3%81%82?x=%e3', '/ja-JP/%E3%81%82?x=%e3'],
    ['/en/a%2Bb', '/en/a%2Bb'],
    ['/en/dashboard?next=/login#/login', '/en/dashboard?next=/login#/login'],
    ['https://gatehouse.example/en/./dashboard?x=1', '/en/dashboard?x=1'],
    ['https://gatehouse.eu/en-EU/%64ashboard', 'https://gatehouse.eu/en-EU/dashboard'],
    ['https://gatehouse.eu/a/../b', 'https://gatehouse.eu/b'],
  ])('%s → %s', (target, expected) => {
    expect(go(target)).toBe(expected);
  });
});

describe('safeRedirect: nothing beneath a login, register or OAuth page', () => {
  const authPaths = Object.entries(ROUTE_PATHS)
    .filter(([, id]) => ROUTE_INFO[id].auth)
    .map(([path]) => path);

  it('covers every page of the brief', () => {
    expect(authPaths).toEqual(
      expect.arrayContaining([
        '/login',
        '/tr-login',
        '/register',
        '/sign-up',
        '/tr-register',
        '/oauth',
        '/oauth-login',
        '/oauth-register',
        '/oauth-authorized',
        '/authorized',
        '/tr-authorized',
        '/oauth-log-out',
      ]),
    );
  });

  it.each(authPaths)('%s, beneath it, and with a locale prefix → /', (path) => {
    for (const target of [
      path,
      `${path}/`,
      `${path}/step/2`,
      `/en${path}`,
      `/zh-TW${path}/x?y=1`,
      `/EN-us${path.toUpperCase()}`,
    ]) {
      expect(go(target), target).toBe('/');
    }
  });

  it.each([
    OAUTH_PATHS.authorize,
    `${OAUTH_PATHS.authorize}?client_id=x&redirect_uri=https://evil.example`,
    '/oauth/anything',
    '/oauthx',
    '/en/oauth-whatever/x',
    '/en/en/login',
    '/en/%6Cogin/x',
    '/%2e%2e/login',
    '/en/%2E%2E/%2e%2e/login',
    '/en/dashboard/../../login',
    '/en/dashboard/%2e%2e/%2e%2e/register',
    '/./login',
    '/en/./sign-up/',
    'https://gatehouse.example/en/oauth/authorize',
    'https://gatehouse.eu/oauth/authorize?x=1',
    'https://gatehouse.eu/en-EU/x/../login',
  ])('%s → /', (target) => {
    expect(go(target)).toBe('/');
  });
});

describe('safeRedirect: encoded tricks never smuggle a login path or another origin', () => {
  it.each([
    '/%2F/evil.com',
    '/%2fevil.com',
    '/en/%2F%2Fevil.com',
    '/%5Cevil.com',
    '/%5C%5Cevil.com',
    '/%2e%2e%2flogin',
    '/%2e%2e%5Clogin',
    '/en/log%09in',
    '/en/%0Alogin',
    '/en/%0D%0ALocation:%20x',
    '/en/%00login',
    '/en/%7Flogin',
    '/en/a%20b',
    '/en/%C2%A0',
    '/en/%E2%80%A8',
    '/en/%C0%AF',
    '/en/%ED%A0%80',
    '/en/%3Blogin',
    '/en/%3Flogin',
    '/en/%23login',
    '/en/%25%32%66evil.com',
    '/en/%',
    '/en/%zz',
    '/en/\\dashboard',
    '/en\\/evil.com',
    '/en/\tdashboard',
  ])('%j → /', (target) => {
    expect(go(target)).toBe('/');
  });
});

describe('safeRedirect: tricks and invalid forms become /', () => {
  it.each([
    // script and data schemes
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'javascript://gatehouse.example/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    // protocol-relative and backslash forms
    '//evil.com',
    '///evil.com',
    '//gatehouse.example',
    '/\\evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    'https:\\\\evil.com',
    'https://gatehouse.example\\@evil.com',
    'https://gatehouse.example//evil.com',
    // userinfo
    'https://gatehouse.example@evil.com',
    'https://user:pass@gatehouse.example/',
    'https://gatehouse.example%40evil.com',
    'https://gatehouse.example%2F@evil.com',
    // look-alike hosts
    'https://gatehouse.example.evil.com',
    'https://evilgatehouse.example',
    'https://gatehouse.examplex',
    'https://gatehouse.example.',
    'https://gatehouse.exаmple',
    'https://xn--80ak6aa92e.com',
    'https://evil.com#@gatehouse.example',
    'https://evil.com?@gatehouse.example',
    // percent-encoded tricks
    '/%2F%2Fevil.com',
    '/%2f/evil.com',
    '/%5Cevil.com',
    '/%252F%252Fevil.com',
    '/%E0%A4%A',
    '/en/%2e%2e/login',
    '%2F%2Fevil.com',
    // control characters and whitespace
    ' /en/dashboard',
    '/en/dashboard ',
    '/en/\tdashboard',
    '/en/dash\nboard',
    'java\tscript:alert(1)',
    '/en/dashboard\u0000',
    '/en/\u2028dashboard',
    '/en/\u00a0',
    // dot segments that climb to an auth page, or an empty segment
    '/en/../login',
    '/..//evil.com',
    '/.//evil.com',
    // wrong scheme, port, or origin
    'http://gatehouse.eu/',
    'https://gatehouse.eu:8443/',
    'ftp://gatehouse.example/',
    'https://gatehouse.example:8443/en/dashboard',
    'http://gatehouse.example/en/dashboard',
    // malformed
    'https:gatehouse.example',
    'https:/gatehouse.example',
    'https:///gatehouse.example',
    'https://',
    'https://:443/',
    'https://[::1]/',
    'https://gatehouse.example:99999999/',
    'dashboard',
    '?x=1',
    '#top',
    '',
  ])('%j → /', (target) => {
    expect(go(target)).toBe('/');
  });

  it('null, undefined and over-long targets → /', () => {
    expect(go(null)).toBe('/');
    expect(go(undefined)).toBe('/');
    expect(go(`/en/${'a'.repeat(2100)}`)).toBe('/');
  });

  it('a same-origin absolute URL with another port is not same-origin', () => {
    expect(go('http://eu.localhost:3001/en-EU/dashboard', local)).toBe('/');
    expect(go('https://eu.localhost:3000/en-EU/dashboard', local)).toBe('/');
  });

  it('ignores malformed and single-label allow-list entries', () => {
    const loose = {
      origin: 'https://a.example',
      allowedDomains: ['', '.', 'com', '.gatehouse.eu', 'evil com'],
    };
    expect(go('https://gatehouse.eu/x', loose)).toBe('https://gatehouse.eu/x');
    expect(go('https://x.com/x', loose)).toBe('/');
    expect(go('https://evil/x', loose)).toBe('/');
  });
});
