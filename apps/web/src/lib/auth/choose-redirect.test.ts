import { describe, expect, it } from 'vitest';
import { chooseRedirect, EU_NEW_USER_PATH, type RedirectInput } from './choose-redirect';

const base: RedirectInput = {
  site: 'global',
  locale: 'en',
  newUser: false,
  mobile: false,
  downloadAllowed: true,
  origin: 'http://localhost:3000',
  brandDomains: ['gatehouse.example'],
};

describe('chooseRedirect', () => {
  it('sends a returning user to the dashboard of the page language', () => {
    expect(chooseRedirect(base)).toBe('/en/dashboard');
    expect(chooseRedirect({ ...base, locale: 'de-DE' })).toBe('/de-DE/dashboard');
  });

  it('adds newUser=true for a new user', () => {
    expect(chooseRedirect({ ...base, newUser: true })).toBe('/en/dashboard?newUser=true');
  });

  it('sends mobile browsers to the download page only where downloads are allowed', () => {
    expect(chooseRedirect({ ...base, mobile: true })).toBe('/en/download');
    expect(chooseRedirect({ ...base, mobile: true, newUser: true })).toBe('/en/download?newUser=true');
    expect(chooseRedirect({ ...base, mobile: true, downloadAllowed: false })).toBe('/en/dashboard');
  });

  it('sends an EU new user to the personal KYC page, even with a redirect_url', () => {
    const eu = { ...base, site: 'EU' as const, locale: 'en-EU', newUser: true };
    expect(chooseRedirect(eu)).toBe(EU_NEW_USER_PATH);
    expect(chooseRedirect({ ...eu, redirectUrl: '/en-EU/dashboard' })).toBe(EU_NEW_USER_PATH);
    expect(chooseRedirect({ ...eu, newUser: false })).toBe('/en-EU/dashboard');
  });

  it('honours a same-origin or brand redirect_url', () => {
    expect(chooseRedirect({ ...base, redirectUrl: '/en/dashboard?tab=1' })).toBe('/en/dashboard?tab=1');
    expect(chooseRedirect({ ...base, redirectUrl: 'http://localhost:3000/en/markets' })).toBe('/en/markets');
    expect(chooseRedirect({ ...base, redirectUrl: 'https://www.gatehouse.example/trade' })).toBe(
      'https://www.gatehouse.example/trade',
    );
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    'https://gatehouse.example.evil.example/',
    '/en/login',
    '/register',
  ])('replaces %s by /', (redirectUrl) => {
    expect(chooseRedirect({ ...base, redirectUrl })).toBe('/');
  });

  it('ignores an empty redirect_url', () => {
    expect(chooseRedirect({ ...base, redirectUrl: '' })).toBe('/en/dashboard');
    expect(chooseRedirect({ ...base, redirectUrl: null })).toBe('/en/dashboard');
  });

  it('keeps Telegram users in the mini app', () => {
    expect(chooseRedirect({ ...base, insideTelegram: true })).toBe('/en/tg-app/app/home/');
    expect(chooseRedirect({ ...base, insideTelegram: true, source: 'task' })).toBe('/en/min-app/task');
    expect(chooseRedirect({ ...base, insideTelegram: true, source: 'task', redirectUrl: '/en/x' })).toBe(
      '/en/x',
    );
  });

  it("carries the task source's campaign to the task page (encoded), not to a redirect_url", () => {
    const task = { ...base, insideTelegram: true, source: 'task' };
    expect(chooseRedirect({ ...task, campaign: 'spring' })).toBe('/en/min-app/task?campaign=spring');
    expect(chooseRedirect({ ...task, campaign: 'a&b c' })).toBe('/en/min-app/task?campaign=a%26b+c');
    expect(chooseRedirect({ ...task, campaign: '' })).toBe('/en/min-app/task');
    expect(chooseRedirect({ ...task, campaign: 'spring', redirectUrl: '/en/x' })).toBe('/en/x');
  });

  it('lands a demo-account login on the dashboard with demoAccount=true, nowhere else', () => {
    expect(chooseRedirect({ ...base, demoAccount: true })).toBe('/en/dashboard?demoAccount=true');
    expect(chooseRedirect({ ...base, demoAccount: true, newUser: true })).toBe(
      '/en/dashboard?newUser=true&demoAccount=true',
    );
    expect(chooseRedirect({ ...base, demoAccount: true, redirectUrl: '/en/x' })).toBe('/en/x');
    expect(chooseRedirect({ ...base, demoAccount: false })).toBe('/en/dashboard');
  });
});
