import { RetCode } from '@gatehouse/contract';
import * as passkeyCalls from '@gatehouse/contract/endpoints/passkeys';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { apiFakeForFile, fail, ok } from '../../test/api-fake';

// jsdom has no WebAuthn: the library is a stand-in here; e2e/passkeys.spec.ts drives the real one in
// Chromium with a virtual authenticator.
const webauthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  browserSupportsWebAuthnAutofill: vi.fn(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const fake = apiFakeForFile();
const CEREMONY = { challenge_id: 'c'.repeat(32), options: { challenge: 'abc' }, expires_in: 300 };
const ASSERTION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'cd', authenticatorData: 'ad', signature: 'sig', userHandle: 'dTc' },
  clientExtensionResults: {},
};

beforeAll(() => {
  Object.defineProperty(window, 'PublicKeyCredential', {
    value: function PublicKeyCredential() {},
    configurable: true,
  });
});
afterAll(() => {
  Reflect.deleteProperty(window, 'PublicKeyCredential');
});
beforeEach(() => {
  webauthn.startAuthentication.mockReset();
  webauthn.browserSupportsWebAuthnAutofill.mockResolvedValue(false);
});

const press = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
  });
};

describe('logging in with a passkey', () => {
  it('offers passkeys in the account field, and the button logs in with no other step', async () => {
    fake.answer(passkeyCalls.loginPasskeyOptions, ok(CEREMONY));
    fake.answer(passkeyCalls.loginPasskey, ok({ user_id: 7, new_user: false, need_verify: null }));
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const app = await renderApp('/en/login', testBootstrap('global'));
    expect(screen.getByRole('textbox', { name: 'E-mail' }).getAttribute('autocomplete')).toBe(
      'username webauthn',
    );
    // Nothing of the ceremony before the visitor does anything.
    expect(fake.received(passkeyCalls.loginPasskeyOptions)).toEqual([]);
    await press();
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard'));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'abc' },
      useBrowserAutofill: false,
    });
    expect(fake.received(passkeyCalls.loginPasskey)).toEqual([
      { challenge_id: CEREMONY.challenge_id, credential: ASSERTION },
    ]);
  });

  it("says so when the server refuses the passkey, and nothing when the browser's dialog is dismissed", async () => {
    fake.answer(passkeyCalls.loginPasskeyOptions, ok(CEREMONY));
    fake.answer(passkeyCalls.loginPasskey, fail(RetCode.PasskeyRejected));
    webauthn.startAuthentication.mockRejectedValueOnce(new Error('NotAllowedError'));
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const app = await renderApp('/en/login', testBootstrap('global'));
    await press();
    await waitFor(() => expect(webauthn.startAuthentication).toHaveBeenCalledTimes(1));
    expect(fake.received(passkeyCalls.loginPasskey)).toEqual([]);
    // (The test fake's ret_msg stands for the error-code text, as elsewhere in these tests.)
    expect(screen.queryByText('error 35402')).toBeNull();
    await press();
    expect(await screen.findByText('error 35402')).toBeTruthy();
    expect(app.location.history.at(-1)).toBe('/en/login');
  });

  it('starts the autofill request on the first focus, where the browser has passkey autofill', async () => {
    fake.answer(passkeyCalls.loginPasskeyOptions, ok(CEREMONY));
    webauthn.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    webauthn.startAuthentication.mockReturnValue(new Promise(() => {}));
    await renderApp('/en/login', testBootstrap('global'));
    expect(webauthn.startAuthentication).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.focusIn(screen.getByRole('textbox', { name: 'E-mail' }));
    });
    await waitFor(() =>
      expect(webauthn.startAuthentication).toHaveBeenCalledWith({
        optionsJSON: { challenge: 'abc' },
        useBrowserAutofill: true,
      }),
    );
  });
});
