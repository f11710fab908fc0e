import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import {
  fail,
  ok,
  startAuthTestServer,
  type AuthTestServer,
} from '../auth-common/test-support/auth-test-server';

// jsdom has no Web Crypto; the encryption itself is tested in encrypt-password.test.ts.
vi.mock('../auth-common/encrypt-password', () => ({
  encryptPassword: vi.fn(async () => ({
    encrypt_password: 'c2VhbGVkLXBhc3N3b3Jk',
    encrypt_timestamp: '1700000000000',
  })),
}));

let server: AuthTestServer;
beforeAll(async () => {
  server = await startAuthTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.reset();
});

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
    expect(screen.getByRole('textbox', { name: 'E-mail' }).getAttribute('autocomplete')).toBe('username');
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
    expect(server.received.get('POST /login')).toBeUndefined();
  });

  it('shows the attempts left on 31002 with a count of 3 to 5', async () => {
    server.answer(
      'POST',
      '/login',
      fail(31002, { pass_err_count: 3, max_pass_err_count: 5 }, { pass_err_count: 3 }),
    );
    await renderApp('/en/login', boot());
    await fillAndSubmit('ann@example.com', 'wrong one');
    await screen.findByText('Wrong account or password. Attempts left before password login is locked: 3.');
    expect(server.received.get('POST /login')?.[0]).toMatchObject({
      email: 'ann@example.com',
      encrypt_password: 'c2VhbGVkLXBhc3N3b3Jk',
    });
    expect(JSON.stringify(server.received.get('POST /login'))).not.toContain('wrong one');
  });

  it('shows the lockout on 31030', async () => {
    server.answer('POST', '/login', fail(31030, { locked_until: 0, retry_after_seconds: 1800 }));
    await renderApp('/en/login', boot());
    await fillAndSubmit('ann@example.com', 'wrong');
    await screen.findByText(
      'Too many wrong passwords. Password login is locked; try again in 30 min or reset your password.',
    );
  });

  it('uses login_compliance on a regulated site', async () => {
    server.answer(
      'POST',
      '/user/public/login_compliance',
      ok({ user_id: 1, new_user: false, need_verify: null }),
    );
    const app = await renderApp('/en-EU/login', boot('EU'));
    await fillAndSubmit('eu@example.com', 'right password');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en-EU/dashboard'));
  });

  it('asks for the device code, accepts a pasted code, and then goes to the dashboard', async () => {
    server.answer(
      'POST',
      '/login',
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
    server.answer(
      'POST',
      '/user/public/login/verify',
      ok({ user_id: 7, new_user: false, need_verify: null }),
    );
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
    expect(server.received.get('POST /user/public/login/verify')?.[0]).toEqual({
      challenge_id: 'c'.repeat(24),
      code: '123456',
    });
  });

  it('switches to demo trading after a demoAccount=true login', async () => {
    server.answer('POST', '/login', ok({ user_id: 1, new_user: false, need_verify: null }));
    server.answer('POST', '/user/private/trade/switch', fail(50002));
    const app = await renderApp('/en/login?demoAccount=true', boot());
    await fillAndSubmit('ann@example.com', 'right password');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard'));
    expect(server.received.get('POST /user/private/trade/switch')).toEqual([{ env: 1 }]);
  });

  it('honours a safe redirect_url', async () => {
    server.answer('POST', '/login', ok({ user_id: 1, new_user: false, need_verify: null }));
    const app = await renderApp(
      `/en/login?redirect_url=${encodeURIComponent('/en/dashboard?from=mail')}`,
      boot(),
    );
    await fillAndSubmit('ann@example.com', 'right password');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard?from=mail'));
  });

  it('says so when the risk check refuses the region', async () => {
    server.answer(
      'POST',
      '/user/public/risk/default-intercept',
      ok({ intercept: true, reason: 'blocked_country' }),
    );
    await renderApp('/en/login', boot());
    // Nothing is asked of the server before the visitor uses the form.
    expect(server.received.get('POST /user/public/risk/default-intercept')).toBeUndefined();
    await act(async () => {
      fireEvent.focus(screen.getByRole('textbox', { name: 'E-mail' }));
    });
    await screen.findByText('Logging in is not available in your region.');
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('runs the risk check on submit when the form was never focused, and stops when it refuses', async () => {
    server.answer(
      'POST',
      '/user/public/risk/default-intercept',
      ok({ intercept: true, reason: 'blocked_country' }),
    );
    await renderApp('/en/login', boot());
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'ann@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right password' } });
    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'Log in' }).closest('form') as HTMLFormElement);
    });
    await screen.findByText('Logging in is not available in your region.');
    expect(server.received.get('POST /user/public/risk/default-intercept')).toHaveLength(1);
    expect(server.received.get('POST /login')).toBeUndefined();
  });

  it('trusts this browser with an unlock link, says so, and drops the token from the address', async () => {
    server.answer('POST', '/user/public/login/unlock', (body) =>
      ok({ trusted: (body as { token?: string }).token === 'good-token' }),
    );
    await renderApp('/en/login?unlock=good-token&redirect_url=%2Fen%2Fdashboard', boot());
    expect(await screen.findByText('This browser is now trusted. Log in with your password.')).toBeTruthy();
    expect(server.received.get('POST /user/public/login/unlock')).toEqual([{ token: 'good-token' }]);
    expect(window.location.search).toBe('?redirect_url=%2Fen%2Fdashboard');
    cleanup();
    await renderApp('/en/login?unlock=used-token', boot());
    expect(await screen.findByText(/This unlock link is no longer valid/)).toBeTruthy();
  });
});
