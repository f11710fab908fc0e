import { describe, expect, it } from 'vitest';
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
    // dot segments
    '/en/../login',
    '/en/./dashboard',
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
