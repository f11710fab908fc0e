import { RetCode } from '@gatehouse/contract';
import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from '@gatehouse/contract/feature-flags';
import * as loginCalls from '@gatehouse/contract/endpoints/login';
import * as quickCalls from '@gatehouse/contract/endpoints/quick-login';
import * as systemCalls from '@gatehouse/contract/endpoints/system';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { CAPTCHA_OFF, fail, ok, apiFakeForFile } from '../../test/api-fake';
import { setPageWebConfig } from '../../lib/web-config/page-web-config';

// jsdom has no Web Crypto; the encryption itself is tested in encrypt-password.test.ts.
vi.mock('../../lib/auth/encrypt-password', () => ({
  encryptPassword: vi.fn(async () => ({
    encrypt_password: 'c2VhbGVkLXBhc3N3b3Jk',
    encrypt_timestamp: '1700000000000',
  })),
}));

const fake = apiFakeForFile();

const DEMO_LOGIN_NOTICE =
  'You are logging in to your demo trading account (testnet): trades there use test funds, not real money.';

/** The web config as an operator who switched `off` features off (docs/configuration.md "Feature flags"). */
function switchOff(off: Partial<FeatureFlags>) {
  fake.answer(
    systemCalls.webConfig,
    ok({ data: [CAPTCHA_OFF, { name: 'feature_flags', value: { ...DEFAULT_FEATURE_FLAGS, ...off } }] }),
  );
}

const boot = (site: 'global' | 'EU' = 'global') => testBootstrap(site, { passwordKey: 'test-key' });

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  });
}

describe('login page', () => {
  it('offers e-mail and mobile where the site has phone accounts, e-mail only on EU', async () => {
    await renderApp('/en/login', boot());
    expect(screen.getByRole('button', { name: 'Mobile' }).getAttribute('aria-pressed')).toBe('false');
    cleanup();
    await renderApp('/en-EU/login', boot('EU'));
    expect(screen.queryByRole('button', { name: 'Mobile' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'E-mail' }).getAttribute('autocomplete')).toBe(
      'username webauthn',
    );
  });

  it('has a labelled show/hide toggle and a current-password field', async () => {
    await renderApp('/en/login', boot());
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('explains empty and malformed fields, tied to them by aria-describedby', async () => {
    await renderApp('/en/login', boot());
    await fillAndSubmit('not-an-email', '');
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Enter a valid e-mail address, like name@example.com.');
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(fake.received(loginCalls.login)).toEqual([]);
  });

  it('shows the attempts left on 31002 with a count of 3 to 5', async () => {
    fake.answer(
      loginCalls.login,
      fail(RetCode.PasswordWrong, { pass_err_count: 3, max_pass_err_count: 5 }, { pass_err_count: 3 }),
    );
    await renderApp('/en/login', boot());
    await fillAndSubmit('ann@example.com', 'wrong one');
    await screen.findByText('Wrong account or password. 3 more attempts before password login is locked.');
    expect(fake.received(loginCalls.login)[0]).toMatchObject({
      email: 'ann@example.com',
      encrypt_password: 'c2VhbGVkLXBhc3N3b3Jk',
    });
    expect(JSON.stringify(fake.received(loginCalls.login))).not.toContain('wrong one');
  });

  it('shows the lockout on 31030', async () => {
    fake.answer(
      loginCalls.login,
      fail(RetCode.TooManyPasswordErrors, { locked_until: 0, retry_after_seconds: 1800 }),
    );
    await renderApp('/en/login', boot());
    await fillAndSubmit('ann@example.com', 'wrong');
    await screen.findByText(
      'Too many wrong passwords. Password login is locked; try again in 30 min or reset your password.',
    );
  });

  it('uses login_compliance on a regulated site', async () => {
    fake.answer(loginCalls.loginCompliance, ok({ user_id: 1, new_user: false, need_verify: null }));
    const app = await renderApp('/en-EU/login', boot('EU'));
    await fillAndSubmit('eu@example.com', 'right password');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en-EU/dashboard'));
  });

  it('asks for the device code, accepts a pasted code, and then goes to the dashboard', async () => {
    fake.answer(
      loginCalls.login,
      ok({
        user_id: null,
        new_user: false,
        need_verify: {
          challenge_id: 'c'.repeat(24),
          channel: 'email',
          masked_target: 'ann***@example.com',
          expires_in: 600,
          resend_in: 60,
        },
      }),
    );
    fake.answer(loginCalls.loginVerify, ok({ user_id: 7, new_user: false, need_verify: null }));
    const app = await renderApp('/en/login', boot());
    await fillAndSubmit('ann@example.com', 'right password');
    const heading = await screen.findByRole('heading', { name: 'Enter the verification code' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('We sent a code to ann***@example.com.')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: /Send a new code in \d+ s/ }) as HTMLButtonElement).disabled,
    ).toBe(true);

    const code = screen.getByLabelText('6-digit code');
    fireEvent.change(code, { target: { value: '123 456' } });
    expect((code as HTMLInputElement).value).toBe('123456');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard'));
    expect(fake.received(loginCalls.loginVerify)[0]).toEqual({
      challenge_id: 'c'.repeat(24),
      code: '123456',
    });
  });

  it('says a demoAccount=true login enters the demo account, switches to it, and lands saying so', async () => {
    fake.answer(loginCalls.login, ok({ user_id: 1, new_user: false, need_verify: null }));
    // The switch fails (a code it may answer): the login goes on regardless (spec §7).
    fake.answer(loginCalls.tradeSwitch, fail(RetCode.InternalError));
    const app = await renderApp('/en/login?demoAccount=true', boot());
    expect(screen.getByText(DEMO_LOGIN_NOTICE)).toBeTruthy();
    await fillAndSubmit('ann@example.com', 'right password');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard?demoAccount=true'));
    expect(fake.received(loginCalls.tradeSwitch)).toEqual([{ env: 1 }]);
  });

  it('shows no demo notice without demoAccount=true', async () => {
    await renderApp('/en/login?demoAccount=1', boot());
    await waitFor(() => expect(fake.received(systemCalls.webConfig)).toHaveLength(1));
    expect(screen.queryByText(DEMO_LOGIN_NOTICE)).toBeNull();
  });

  it('honours a safe redirect_url', async () => {
    fake.answer(loginCalls.login, ok({ user_id: 1, new_user: false, need_verify: null }));
    const app = await renderApp(
      `/en/login?redirect_url=${encodeURIComponent('/en/dashboard?from=mail')}`,
      boot(),
    );
    await fillAndSubmit('ann@example.com', 'right password');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard?from=mail'));
  });

  it('says so when the risk check refuses the region', async () => {
    fake.answer(loginCalls.riskIntercept, ok({ intercept: true, reason: 'blocked_country' }));
    await renderApp('/en/login', boot());
    // Nothing is asked of the server before the visitor uses the form.
    expect(fake.received(loginCalls.riskIntercept)).toEqual([]);
    await act(async () => {
      fireEvent.focus(screen.getByRole('textbox', { name: 'E-mail' }));
    });
    await screen.findByText('Logging in is not available in your region.');
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('runs the risk check on submit when the form was never focused, and stops when it refuses', async () => {
    fake.answer(loginCalls.riskIntercept, ok({ intercept: true, reason: 'blocked_country' }));
    await renderApp('/en/login', boot());
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'ann@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right password' } });
    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'Log in' }).closest('form') as HTMLFormElement);
    });
    await screen.findByText('Logging in is not available in your region.');
    expect(fake.received(loginCalls.riskIntercept)).toHaveLength(1);
    expect(fake.received(loginCalls.login)).toEqual([]);
  });

  it('trusts this browser with an unlock link, says so, and drops the token from the address', async () => {
    fake.answer(loginCalls.loginUnlock, (body) => ok({ trusted: body.token === 'good-token' }));
    await renderApp('/en/login?unlock=good-token&redirect_url=%2Fen%2Fdashboard', boot());
    expect(await screen.findByText('This browser is now trusted. Log in with your password.')).toBeTruthy();
    expect(fake.received(loginCalls.loginUnlock)).toEqual([{ token: 'good-token' }]);
    expect(window.location.search).toBe('?redirect_url=%2Fen%2Fdashboard');
    cleanup();
    await renderApp('/en/login?unlock=used-token', boot());
    expect(await screen.findByText(/This unlock link is no longer valid/)).toBeTruthy();
  });

  it('logs in at once with a quick-login token, keeps redirect_url and drops the token from the address', async () => {
    fake.answer(quickCalls.quickLogin, ok({ user_id: 1 }));
    const app = await renderApp('/en/login?tmp_token=fresh-token&source=app', boot());
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard'));
    expect(fake.received(quickCalls.quickLogin)).toEqual([{ tmp_token: 'fresh-token' }]);
    expect(window.location.search).not.toContain('fresh-token');
    expect(window.location.search).toBe('?source=app');
    cleanup();
    fake.answer(quickCalls.quickLogin, ok({ user_id: 1 }));
    const back = await renderApp(
      '/en/login?tmp_token=other-token&redirect_url=%2Fen%2Fexclusive-benefits',
      boot(),
    );
    await waitFor(() => expect(back.location.history.at(-1)).toBe('/en/exclusive-benefits'));
  });

  it('falls back to the form with a clear message when the token is spent or expired', async () => {
    fake.answer(quickCalls.quickLogin, fail(RetCode.QuickLoginInvalid));
    const app = await renderApp('/en/login?tmp_token=spent-token', boot());
    expect(
      await screen.findByText(
        'This quick-login link has already been used or has expired. Please log in with your password.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(app.location.history.at(-1)).toBe('/en/login?tmp_token=spent-token');
    expect(window.location.search).not.toContain('spent-token');
    // No toast of its own: the page says it.
    expect(screen.queryByText(/31011/)).toBeNull();
    cleanup();
    fake.answer(quickCalls.quickLogin, fail(RetCode.InternalError));
    await renderApp('/en/login?tmp_token=any-token', boot());
    expect(
      await screen.findByText('Quick login did not work. Please log in with your password.'),
    ).toBeTruthy();
  });
});

describe('login page with features switched off (web config feature_flags)', () => {
  it('reads the flags with the one cached web config call the captcha uses at submit', async () => {
    fake.answer(loginCalls.login, ok({ user_id: 1, new_user: false, need_verify: null }));
    const app = await renderApp('/en/login', boot());
    await waitFor(() => expect(fake.received(systemCalls.webConfig)).toHaveLength(1));
    expect(fake.received(systemCalls.webConfig)[0]?.keys).toContain('feature_flags');
    await fillAndSubmit('ann@example.com', 'right password');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard'));
    // The login's captcha check was answered from the cache.
    expect(fake.received(systemCalls.webConfig)).toHaveLength(1);
  });

  it('qrLogin: no QR-code toggle (shown with the flags on: qr-login-panel.test.tsx)', async () => {
    switchOff({ qrLogin: false });
    await renderApp('/en/login', boot());
    await waitFor(() => expect(fake.received(systemCalls.webConfig)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Use a QR code instead' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('quickLogin: the tmp_token is dropped unused and the form is the way in, without a notice', async () => {
    switchOff({ quickLogin: false });
    const app = await renderApp('/en/login?tmp_token=fresh-token&source=app', boot());
    await waitFor(() => expect(window.location.search).toBe('?source=app'));
    await waitFor(() => expect(fake.received(systemCalls.webConfig)).toHaveLength(1));
    expect(fake.received(quickCalls.quickLogin)).toEqual([]);
    expect(app.location.history.at(-1)).toBe('/en/login?tmp_token=fresh-token&source=app');
    expect(screen.queryByText(/quick-login|Quick login/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('demoAccount: demoAccount=true is ignored — no notice, no switch, an ordinary landing', async () => {
    switchOff({ demoAccount: false });
    fake.answer(loginCalls.login, ok({ user_id: 1, new_user: false, need_verify: null }));
    const app = await renderApp('/en/login?demoAccount=true', boot());
    await waitFor(() => expect(screen.queryByText(DEMO_LOGIN_NOTICE)).toBeNull());
    await fillAndSubmit('ann@example.com', 'right password');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard'));
    expect(fake.received(loginCalls.tradeSwitch)).toEqual([]);
  });
});

describe('login page with the web config the server inlined (issue 12)', () => {
  afterEach(() => setPageWebConfig(undefined));

  it('knows its flags at the first render, and its captcha check at submit takes the same copy', async () => {
    setPageWebConfig({
      captcha_required: CAPTCHA_OFF.value,
      feature_flags: { ...DEFAULT_FEATURE_FLAGS, qrLogin: false },
    });
    fake.answer(loginCalls.login, ok({ user_id: 1, new_user: false, need_verify: null }));
    const app = await renderApp('/en/login', boot());
    // Switched off before any call: the toggle never shows.
    expect(screen.queryByRole('button', { name: 'Use a QR code instead' })).toBeNull();
    await fillAndSubmit('ann@example.com', 'right password');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard'));
    expect(fake.received(systemCalls.webConfig)).toEqual([]);
  });

  it("calls for the config again once the copy is older than the call's cache lifetime", async () => {
    setPageWebConfig(
      { captcha_required: CAPTCHA_OFF.value, feature_flags: DEFAULT_FEATURE_FLAGS },
      Date.now() - 61_000,
    );
    fake.answer(loginCalls.login, ok({ user_id: 1, new_user: false, need_verify: null }));
    const app = await renderApp('/en/login', boot());
    await fillAndSubmit('ann@example.com', 'right password');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard'));
    expect(fake.received(systemCalls.webConfig)).toHaveLength(1);
  });
});
