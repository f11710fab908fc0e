import { RetCode, type ResultInputOf } from '@gatehouse/contract';
import { DEFAULT_FEATURE_FLAGS } from '@gatehouse/contract/feature-flags';
import * as registrationCalls from '@gatehouse/contract/endpoints/registration';
import * as countryCalls from '@gatehouse/contract/endpoints/countries';
import * as systemCalls from '@gatehouse/contract/endpoints/system';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { CAPTCHA_OFF, fail, ok, apiFakeForFile, TEST_COUNTRIES } from '../../test/api-fake';
import { setPageWebConfig } from '../../lib/web-config/page-web-config';

vi.mock('../../lib/auth/encrypt-password', () => ({
  encryptPassword: vi.fn(async () => ({
    encrypt_password: 'c2VhbGVkLXBhc3N3b3Jk',
    encrypt_timestamp: '1700000000000',
  })),
}));

const UUID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const sent: ResultInputOf<typeof registrationCalls.verifyRegisterEmail> = {
  uuid: UUID,
  channel: 'email',
  verify_type: 'code',
  login_name: 'ann***@example.com',
  expires_in: 600,
  resend_in: 60,
};

const fake = apiFakeForFile();

const boot = (site: 'global' | 'EU' = 'global') => testBootstrap(site, { passwordKey: 'test-key' });
const click = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

async function fillAccount(email: string, { confirm = true } = {}) {
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: email } });
  const residence = screen.getByLabelText('Country or region of residence');
  await waitFor(() => expect((residence as HTMLSelectElement).value).toBe('GB'));
  if (confirm)
    fireEvent.click(screen.getByLabelText('I confirm that I live in the country or region chosen above.'));
}

describe('register page', () => {
  it('lists blocked countries as disabled and asks to confirm the residence', async () => {
    await renderApp('/en/register', boot());
    await fillAccount('ann@example.com', { confirm: false });
    const us = screen.getByRole('option', { name: 'United States (not available)' }) as HTMLOptionElement;
    expect(us.disabled).toBe(true);
    await click('Continue');
    const box = screen.getByLabelText('I confirm that I live in the country or region chosen above.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Confirm your country or region of residence.',
    );
    expect(fake.received(registrationCalls.registerInfo)).toEqual([]);
  });

  it('signs up by code: info with the channel record, verify, password, then the dashboard as a new user', async () => {
    fake.answer(registrationCalls.registerInfo, ok({ ...sent, next: 'verify' }));
    fake.answer(registrationCalls.registerVerify, ok({ verify_result: 1 }));
    fake.answer(
      registrationCalls.registerPassword,
      ok({ user_id: 5, new_user: true, site: 'global', login_name: 'ann***@example.com' }),
    );
    const app = await renderApp('/en/register?ref=FRIEND1&utmsource=news&campaign=&affiliate_id=x1', boot());
    await fillAccount('ann@example.com');
    await click('Continue');

    // The captcha step (off here) loads at submit time: the call follows a moment later.
    await waitFor(() => expect(fake.received(registrationCalls.registerInfo)).not.toEqual([]));
    const info = fake.received(registrationCalls.registerInfo)[0];
    expect(info).toMatchObject({
      email: 'ann@example.com',
      residence_country: 'GB',
      lang: 'en',
      verify_type: 'code',
      version: 'new-code',
      ref: 'FRIEND1',
      user_code: 'FRIEND1',
      utmsource: 'news',
      oauth_tmp_login_id: 'not_found',
    });
    expect(info).not.toHaveProperty('campaign');
    expect(info).not.toHaveProperty('affiliate_id');
    // The code came with the link: not typed by the visitor.
    expect(info).toHaveProperty('ext_json', { is_manual_input: 0 });

    const heading = await screen.findByRole('heading', { name: 'Enter the verification code' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(app.location.history.at(-1)).toContain(`uuid=${UUID}`);
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    await click('Verify');
    expect(fake.received(registrationCalls.registerVerify)[0]).toEqual({
      uuid: UUID,
      code: '654321',
    });

    await screen.findByRole('heading', { name: 'Set your password' });
    const password = screen.getByLabelText('New password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    fireEvent.change(password, { target: { value: 'short' } });
    await click('Create account');
    expect(screen.getByText('Use at least 8 characters.')).toBeTruthy();
    fireEvent.change(password, { target: { value: 'a long enough passphrase' } });
    await click('Create account');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard?newUser=true'));
    expect(fake.received(registrationCalls.registerPassword)[0]).toMatchObject({
      uuid: UUID,
      encrypt_password: 'c2VhbGVkLXBhc3N3b3Jk',
      ref: 'FRIEND1',
    });
  });

  it('shows the wrong-code message with the attempts left', async () => {
    fake.answer(registrationCalls.registerInfo, ok({ ...sent, next: 'verify' }));
    fake.answer(registrationCalls.registerVerify, fail(RetCode.VerifyCodeInvalid, { remaining_attempts: 4 }));
    await renderApp('/en/register', boot());
    await fillAccount('ann@example.com');
    await click('Continue');
    await screen.findByRole('heading', { name: 'Enter the verification code' });
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '000000' } });
    await click('Verify');
    await screen.findByText('That code is not right. 4 attempts left.');
  });

  it('sends the EU subscription choice as ext_json and lands an EU new user on the personal KYC page', async () => {
    fake.answer(registrationCalls.registerInfo, ok({ ...sent, next: 'verify' }));
    fake.answer(registrationCalls.registerVerify, ok({ verify_result: 1 }));
    fake.answer(
      registrationCalls.registerPassword,
      ok({ user_id: 5, new_user: true, site: 'EU', login_name: 'x' }),
    );
    const app = await renderApp('/en-EU/register', boot('EU'));
    expect(screen.queryByRole('button', { name: 'Mobile' })).toBeNull();
    await fillAccount('eu@example.com');
    fireEvent.click(screen.getByLabelText('Send me news and offers by e-mail (optional).'));
    await click('Continue');
    await waitFor(() =>
      expect(fake.received(registrationCalls.registerInfo)[0]).toMatchObject({
        ext_json: { eu_subscription: 1 },
      }),
    );
    await screen.findByRole('heading', { name: 'Enter the verification code' });
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '111111' } });
    await click('Verify');
    await screen.findByRole('heading', { name: 'Set your password' });
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'a long enough passphrase' },
    });
    await click('Create account');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/user/accounts/auth/personal'));
  });

  it('show_type=link waits for the link and polls until it was opened', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fake.answer(registrationCalls.registerInfo, ok({ ...sent, verify_type: 'link', next: 'verify' }));
      let polls = 0;
      fake.answer(registrationCalls.registerVerifyResult, () => ok({ verify_result: ++polls >= 2 ? 1 : 0 }));
      await renderApp('/en/register?show_type=link', boot());
      await fillAccount('ann@example.com');
      await click('Continue');
      await waitFor(() =>
        expect(fake.received(registrationCalls.registerInfo)[0]).toMatchObject({
          verify_type: 'link',
          version: 'new-link',
        }),
      );
      await screen.findByRole('heading', { name: 'Check your inbox' });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(7_000);
      });
      await screen.findByRole('heading', { name: 'Set your password' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('ui=old uses the one-shot calls', async () => {
    fake.answer(registrationCalls.verifyRegisterEmail, ok(sent));
    fake.answer(
      registrationCalls.registerEmail,
      ok({ user_id: 5, new_user: true, site: 'global', login_name: 'x' }),
    );
    const app = await renderApp('/en/register?ui=old', boot());
    await fillAccount('old@example.com');
    await click('Continue');
    await screen.findByRole('heading', { name: 'Enter the verification code' });
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '222222' } });
    await click('Verify');
    await screen.findByRole('heading', { name: 'Set your password' });
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'a long enough passphrase' },
    });
    await click('Create account');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard?newUser=true'));
    expect(fake.received(registrationCalls.registerEmail)[0]).toMatchObject({
      email: 'old@example.com',
      verify_code: '222222',
      residence_country: 'GB',
      version: 'old-code',
    });
  });

  it('resumes a sign-up from ?uuid= (recall)', async () => {
    fake.answer(
      registrationCalls.registerRecall,
      ok({
        recall_stage: 'commit_password',
        platform: 'pc',
        login_name: 'ann***@example.com',
        version: 'new-code',
        channel: 'email',
        verify_type: 'code',
      }),
    );
    await renderApp(`/en/register?uuid=${UUID}`, boot());
    await screen.findByRole('heading', { name: 'Set your password' });
  });

  it('sends a finished sign-up to login (recall commit_login)', async () => {
    fake.answer(
      registrationCalls.registerRecall,
      ok({
        recall_stage: 'commit_login',
        platform: 'pc',
        login_name: 'x',
        version: '',
        channel: 'email',
        verify_type: 'code',
      }),
    );
    const app = await renderApp(`/en/register?uuid=${UUID}`, boot());
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/login?source=commit_login'));
    await screen.findByText('Your account is ready. Log in to continue.');
  });

  it('says where to go on when the sign-up was started in another browser (recall 20013)', async () => {
    fake.answer(registrationCalls.registerRecall, fail(RetCode.RegisterFlowNotBound));
    await renderApp(`/en/register?uuid=${UUID}`, boot());
    await screen.findByText(/started in another browser|error 20013/);
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeTruthy();
  });
});

describe('register page with mobile sign-up switched off (web config feature_flags.phoneSignUp)', () => {
  it('offers e-mail only, where the site would offer mobile too', async () => {
    // (With the flags on, the global site offers both: the tests above.)
    fake.answer(
      systemCalls.webConfig,
      ok({
        data: [
          CAPTCHA_OFF,
          { name: 'feature_flags', value: { ...DEFAULT_FEATURE_FLAGS, phoneSignUp: false } },
        ],
      }),
    );
    await renderApp('/en/register', boot());
    await waitFor(() => expect(fake.received(systemCalls.webConfig).length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mobile' })).toBeNull());
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeTruthy();
  });
});

describe('register page with what the server inlined (issue 12)', () => {
  afterEach(() => setPageWebConfig(undefined));

  it('shows the inlined residence list at once, asks no list, and preselects the guess once the page is idle', async () => {
    setPageWebConfig({ feature_flags: { ...DEFAULT_FEATURE_FLAGS, phoneSignUp: false } });
    await renderApp('/en/register', { ...boot(), countries: TEST_COUNTRIES.list });
    const residence = screen.getByLabelText('Country or region of residence') as HTMLSelectElement;
    // Usable at the first render: the inlined list, no "loading countries" placeholder.
    expect(residence.disabled).toBe(false);
    expect(screen.getByRole('option', { name: 'Germany' })).toBeTruthy();
    // The flags came with the page: the mobile tab is gone without a config call.
    expect(screen.queryByRole('button', { name: 'Mobile' })).toBeNull();
    await waitFor(() => expect(residence.value).toBe('GB'));
    expect(fake.received(countryCalls.countryCode)).toHaveLength(1);
    expect(fake.received(countryCalls.countryList)).toEqual([]);
    expect(fake.received(systemCalls.webConfig)).toEqual([]);
  });

  it('asks for the list when the page is no longer in the language the list was inlined in', async () => {
    // Served in English, now on the German page (a language switch navigates inside the app).
    await renderApp('/de-DE/register', { ...boot(), countries: TEST_COUNTRIES.list });
    await waitFor(() => expect(fake.received(countryCalls.countryList)).toHaveLength(1));
  });
});
