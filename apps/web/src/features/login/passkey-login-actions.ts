import * as endpoints from '@gatehouse/contract/endpoints/passkeys';
import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { api } from '../../api';
import type { AuthContext } from '../../lib/auth/auth-context';
import type { AuthFlow } from '../../lib/auth/auth-flow';
import { failureOf } from '../../lib/api-error';
import { errorText } from '../../lib/error-text';
import { finish } from './login-actions';

// Loaded on the login page only when the visitor first points at or focuses the form, or presses
// "Sign in with a passkey": @simplewebauthn/browser stays out of the page load (ADR 0009).

/** The extension outputs as the plain JSON record they are on the wire. */
const asJson = <T extends { clientExtensionResults: object }>(
  c: T,
): Omit<T, 'clientExtensionResults'> & { clientExtensionResults: Record<string, unknown> } => {
  const outputs: Record<string, unknown> = { ...c.clientExtensionResults };
  return { ...c, clientExtensionResults: outputs };
};

/** Ceremonies started by the button and not yet over: the autofill does not start one meanwhile. */
let pressed = 0;

export type PasskeyLoginOutcome =
  | { kind: 'done' }
  /** Dismissed, timed out, replaced by another ceremony, or no autofill in this browser: nothing to say. */
  | { kind: 'cancelled' }
  /** `message`: the words for the refusal, unless a toast said it. */
  | { kind: 'error'; message?: string };

/**
 * A passkey login: options from the server, the browser's ceremony (the autofill's conditional
 * mediation when `autofill`, else its dialog), then the assertion, and on success the landing every
 * login goes to. A new ceremony aborts the one pending (the library's abort service), so pressing the
 * button while the autofill waits replaces it.
 */
export async function passkeyLogin(
  ctx: AuthContext,
  flow: AuthFlow,
  autofill: boolean,
): Promise<PasskeyLoginOutcome> {
  if (!autofill) pressed++;
  try {
    return await ceremony(ctx, flow, autofill);
  } finally {
    if (!autofill) pressed--;
  }
}

async function ceremony(ctx: AuthContext, flow: AuthFlow, autofill: boolean): Promise<PasskeyLoginOutcome> {
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return { kind: 'cancelled' };
  let options;
  try {
    options = (await api.call(endpoints.loginPasskeyOptions, {}, { hideError: autofill }))?.result;
  } catch {
    return { kind: 'cancelled' };
  }
  // The button was pressed meanwhile: its ceremony runs, and a new autofill one would abort it.
  if (!options || (autofill && pressed > 0)) return { kind: 'cancelled' };
  let credential;
  try {
    credential = await startAuthentication({
      // The server's options, made by @simplewebauthn/server for this browser library.
      optionsJSON: options.options as unknown as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill: autofill,
    });
  } catch {
    return { kind: 'cancelled' };
  }
  try {
    const answer = await api.call(
      endpoints.loginPasskey,
      { challenge_id: options.challenge_id, credential: asJson(credential), ...flow.extraBody },
      { hideError: true },
    );
    await finish(ctx, flow, answer?.result?.tg_bind_result);
    return { kind: 'done' };
  } catch (error) {
    const { code, envelope, toasted } = failureOf(error);
    if (toasted || !envelope) return { kind: 'error' };
    return { kind: 'error', message: await errorText(code, envelope.ret_msg) };
  }
}

/** Ends a pending ceremony (the autofill's, when the login form goes away). */
export function cancelPasskeyLogin(): void {
  WebAuthnAbortService.cancelCeremony();
}
