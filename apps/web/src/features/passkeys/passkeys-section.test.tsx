import { RetCode, type PasskeyInfo } from '@gatehouse/contract';
import * as passkeyCalls from '@gatehouse/contract/endpoints/passkeys';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { answerLoggedInUser, apiFakeForFile, fail, ok } from '../../test/api-fake';

// jsdom has no Web Crypto and no WebAuthn: the encryption is tested in encrypt-password.test.ts, the
// ceremony by e2e/passkeys.spec.ts with Chromium's virtual authenticator.
vi.mock('../../lib/auth/encrypt-password', () => ({
  encryptPassword: vi.fn(async (plain: string) => ({
    encrypt_password: `${plain}-`.repeat(8),
    encrypt_timestamp: '1700000000000',
  })),
}));
const browserCeremony = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browserCeremony);

const fake = apiFakeForFile();
const CREDENTIAL = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'cd', attestationObject: 'ao', transports: ['internal'] },
  clientExtensionResults: {},
};
const passkey = (name: string): PasskeyInfo => ({
  id: 'cred',
  name,
  created_at: Date.UTC(2026, 0, 2),
  last_used_at: null,
  synced: true,
});

beforeAll(() => {
  Object.defineProperty(window, 'PublicKeyCredential', {
    value: function PublicKeyCredential() {},
    configurable: true,
  });
});
afterAll(() => {
  Reflect.deleteProperty(window, 'PublicKeyCredential');
});

async function openSection() {
  answerLoggedInUser(fake);
  await renderApp('/en/dashboard', testBootstrap('global', { passwordKey: 'test-key' }));
  return screen.findByRole('region', { name: 'Passkeys' }, { timeout: 5000 });
}
const click = async (name: string, scope: HTMLElement) => {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
};

describe('the dashboard passkeys section', () => {
  it('adds one (password, then the browser), renames it and removes it with the password', async () => {
    let held: PasskeyInfo[] = [];
    fake.answer(passkeyCalls.passkeyList, () => ok({ passkeys: held }));
    fake.answer(passkeyCalls.passkeyRegisterOptions, (request) =>
      request.encrypt_password.startsWith('right-')
        ? ok({ challenge_id: 'c'.repeat(32), options: { challenge: 'abc' }, expires_in: 300 })
        : fail(RetCode.PasswordWrong, { pass_err_count: 1, max_pass_err_count: 5 }),
    );
    fake.answer(passkeyCalls.passkeyRegister, (request) => {
      held = [passkey('ann@example.com #1')];
      expect(request).toMatchObject({ challenge_id: 'c'.repeat(32), credential: { id: 'cred' } });
      return ok({ passkey: passkey('ann@example.com #1') });
    });
    fake.answer(passkeyCalls.passkeyRename, (request) => {
      held = [passkey(request.name)];
      return ok({ passkey: passkey(request.name) });
    });
    fake.answer(passkeyCalls.passkeyRemove, (request) => {
      if (!request.encrypt_password.startsWith('right-'))
        return fail(RetCode.PasswordWrong, { pass_err_count: 1, max_pass_err_count: 5 });
      held = [];
      return ok({ removed: true as const });
    });
    browserCeremony.startRegistration.mockRejectedValueOnce(new Error('NotAllowedError'));
    browserCeremony.startRegistration.mockResolvedValue(CREDENTIAL);

    const section = await openSection();
    await within(section).findByText('You have no passkeys yet.');
    await click('Add a passkey', section);
    fireEvent.change(within(section).getByLabelText('Password'), { target: { value: 'wrong' } });
    await click('Continue', section);
    expect(await within(section).findByText('That password is not right.')).toBeTruthy();
    // The browser's own "no" (dismissed): nothing kept, said so.
    fireEvent.change(within(section).getByLabelText('Password'), { target: { value: 'right' } });
    await click('Continue', section);
    expect(await within(section).findByText('No passkey was created. Please try again.')).toBeTruthy();
    expect(fake.received(passkeyCalls.passkeyRegister)).toHaveLength(0);
    fireEvent.change(within(section).getByLabelText('Password'), { target: { value: 'right' } });
    await click('Continue', section);
    expect(browserCeremony.startRegistration).toHaveBeenLastCalledWith({ optionsJSON: { challenge: 'abc' } });
    const list = await within(section).findByRole('list', { name: 'Passkeys' });
    expect(within(list).getByText('ann@example.com #1')).toBeTruthy();
    expect(within(list).getByText(/never used · synced/)).toBeTruthy();

    await click('Rename ann@example.com #1', section);
    fireEvent.change(within(section).getByLabelText('Passkey name'), { target: { value: '  ' } });
    await click('Save', section);
    expect(await within(section).findByText('Enter a name.')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Passkey name'), { target: { value: ' Work laptop ' } });
    await click('Save', section);
    expect(await within(section).findByText('Work laptop')).toBeTruthy();
    expect(fake.received(passkeyCalls.passkeyRename).at(-1)).toEqual({ id: 'cred', name: 'Work laptop' });

    await click('Remove Work laptop', section);
    expect(
      within(section).getByText('Enter your password to remove the passkey “Work laptop”.'),
    ).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Password'), { target: { value: 'right' } });
    await click('Remove', section);
    expect(await within(section).findByText('You have no passkeys yet.')).toBeTruthy();
    expect(fake.received(passkeyCalls.passkeyRemove).at(-1)).toMatchObject({ id: 'cred' });
  });
});
