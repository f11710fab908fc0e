import { describe, expect, it } from 'vitest';
import { ROUTE_INFO, ROUTE_PATHS, matchRoute, pageKind } from './route-table.js';

describe('route table (§2 recognised paths)', () => {
  it.each([
    ['/login', 'login'],
    ['/tr-login', 'login'],
    ['/register', 'register'],
    ['/sign-up', 'register'],
    ['/tr-register', 'register'],
    ['/oauth', 'oauth'],
    ['/oauth-login', 'oauth'],
    ['/oauth-register', 'oauth'],
    ['/oauth-authorized', 'oauth-authorized'],
    ['/authorized', 'oauth-authorized'],
    ['/tr-authorized', 'oauth-authorized'],
    ['/oauth-log-out', 'oauth-log-out'],
    ['/web2', 'channel-register'],
    ['/channel-register', 'channel-register'],
    ['/friend-invite', 'friend-invite'],
    ['/invite', 'invite'],
    ['/telegram-register-login', 'telegram-register-login'],
    ['/email-code-verify', 'email-code-verify'],
    ['/exclusive-benefits', 'exclusive-benefits'],
    ['/self-unblock', 'self-unblock'],
    ['/_app', 'app'],
    ['/dashboard', 'dashboard'],
    ['/forgot-password', 'forgot-password'],
    ['/user/accounts/auth/personal', 'kyc-personal'],
    ['/tg-app/app/home', 'tg-app-home'],
    ['/min-app/task', 'min-app-task'],
    ['/qr-confirm', 'qr-confirm'],
  ])('%s is %s', (path, id) => {
    expect(matchRoute(path)).toMatchObject({ id, path });
  });

  it('tolerates one trailing slash', () => {
    expect(matchRoute('/login/')).toMatchObject({ id: 'login', path: '/login' });
    expect(matchRoute('/login//')).toBeNull();
  });

  it('rejects unknown, case-altered and prototype paths', () => {
    for (const path of ['/', '', '/Login', '/login/x', '/constructor', '/__proto__', '/toString', 'login']) {
      expect(matchRoute(path)).toBeNull();
    }
  });

  it('the common header is hidden on sign-up, log-out and some OAuth pages', () => {
    expect(matchRoute('/sign-up')?.shell.header).toBe(false);
    expect(matchRoute('/web2')?.shell.header).toBe(false);
    expect(matchRoute('/oauth-log-out')?.shell.header).toBe(false);
    expect(matchRoute('/oauth')?.shell.header).toBe(false);
    expect(matchRoute('/oauth-authorized')?.shell.header).toBe(true);
    expect(matchRoute('/login')?.shell.header).toBe(true);
  });

  it('a copyright footer is shown on login and register pages', () => {
    expect(matchRoute('/login')?.shell.footer).toBe(true);
    expect(matchRoute('/tr-register')?.shell.footer).toBe(true);
    expect(matchRoute('/dashboard')?.shell.footer).toBe(false);
  });

  it('the sign-up pages use the sign-up language rules', () => {
    expect(pageKind('register')).toBe('signup');
    expect(pageKind('channel-register')).toBe('signup');
    expect(pageKind('login')).toBe('other');
  });

  it('every path points at a defined route', () => {
    for (const id of Object.values(ROUTE_PATHS)) expect(ROUTE_INFO[id]).toBeDefined();
  });
});
