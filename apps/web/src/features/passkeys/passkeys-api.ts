import { RetCode, type EncryptedPassword, type PasskeyInfo } from '@gatehouse/contract';
import * as endpoints from '@gatehouse/contract/endpoints/passkeys';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { api, onCode } from '../../api';
import { failureOf } from '../../lib/api-error';
import { errorText } from '../../lib/error-text';

/**
 * The account page's passkey calls (docs/flows/passkeys.md). Each answers a plain outcome; a wrong
 * password is `wrong-password` (the form words it), the browser's own "no" is `cancelled`, anything
 * else carries the error-code text.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: Problem };
export type Problem =
  | { kind: 'wrong-password' }
  | { kind: 'cancelled' }
  /** Words for anything else (already toasted by the client when `message` is absent). */
  | { kind: 'other'; message?: string };

/** The extension outputs as the plain JSON record they are on the wire. */
const asJson = <T extends { clientExtensionResults: object }>(
  c: T,
): Omit<T, 'clientExtensionResults'> & { clientExtensionResults: Record<string, unknown> } => {
  const outputs: Record<string, unknown> = { ...c.clientExtensionResults };
  return { ...c, clientExtensionResults: outputs };
};

const quiet = { hideError: true } as const;

async function other(error: unknown): Promise<Problem> {
  const { code, envelope, toasted } = failureOf(error);
  if (toasted || !envelope) return { kind: 'other' };
  return { kind: 'other', message: await errorText(code, envelope.ret_msg) };
}

export async function fetchPasskeys(): Promise<PasskeyInfo[] | undefined> {
  return (await api.call(endpoints.passkeyList, {}, quiet))?.result?.passkeys;
}

/**
 * Adding a passkey: the password again, then the browser makes the passkey (its own dialog: the
 * fingerprint, face or screen lock), then the server keeps it.
 */
export async function addPasskey(password: EncryptedPassword): Promise<Outcome<PasskeyInfo>> {
  let ceremony;
  try {
    ceremony = (await api.call(endpoints.passkeyRegisterOptions, password, quiet))?.result;
  } catch (error) {
    const problem = onCode<typeof endpoints.passkeyRegisterOptions, Problem>(
      endpoints.passkeyRegisterOptions,
      failureOf(error).code,
      { [RetCode.PasswordWrong]: () => ({ kind: 'wrong-password' }) },
    );
    return { ok: false, problem: problem ?? (await other(error)) };
  }
  if (!ceremony) return { ok: false, problem: { kind: 'other' } };
  let credential;
  try {
    credential = await startRegistration({
      // The server's options, made by @simplewebauthn/server for this browser library.
      optionsJSON: ceremony.options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch {
    // Dismissed, timed out, or a passkey of this authenticator is already on the account.
    return { ok: false, problem: { kind: 'cancelled' } };
  }
  try {
    const answer = await api.call(
      endpoints.passkeyRegister,
      { challenge_id: ceremony.challenge_id, credential: asJson(credential) },
      quiet,
    );
    return answer?.result
      ? { ok: true, value: answer.result.passkey }
      : { ok: false, problem: { kind: 'other' } };
  } catch (error) {
    return { ok: false, problem: await other(error) };
  }
}

export async function renamePasskey(id: string, name: string): Promise<Outcome<PasskeyInfo>> {
  try {
    const answer = await api.call(endpoints.passkeyRename, { id, name }, quiet);
    return answer?.result
      ? { ok: true, value: answer.result.passkey }
      : { ok: false, problem: { kind: 'other' } };
  } catch (error) {
    return { ok: false, problem: await other(error) };
  }
}

export async function removePasskey(id: string, password: EncryptedPassword): Promise<Outcome<true>> {
  try {
    await api.call(endpoints.passkeyRemove, { id, ...password }, quiet);
    return { ok: true, value: true };
  } catch (error) {
    const problem = onCode<typeof endpoints.passkeyRemove, Problem>(
      endpoints.passkeyRemove,
      failureOf(error).code,
      { [RetCode.PasswordWrong]: () => ({ kind: 'wrong-password' }) },
    );
    return { ok: false, problem: problem ?? (await other(error)) };
  }
}
