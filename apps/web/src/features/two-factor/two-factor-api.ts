import {
  RetCode,
  type EncryptedPassword,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type TwoFactorUnbindSent,
} from '@gatehouse/contract';
import * as endpoints from '@gatehouse/contract/endpoints/two-factor';
import { api, onCode } from '../../api';
import { failureOf, resultNumber } from '../../lib/api-error';
import { errorText } from '../../lib/error-text';

/**
 * The account page's authenticator calls (docs/flows/two-factor.md). Each answers a plain outcome; a
 * refusal the form words itself (a wrong code or password) is `{ok: false, problem}`, anything else is
 * described by the error-code text.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: Problem };

export type Problem =
  | { kind: 'wrong-code'; attemptsLeft: number }
  | { kind: 'wrong-password' }
  | { kind: 'expired' }
  /** Words for anything else (already toasted by the client when `message` is absent). */
  | { kind: 'other'; message?: string };

const quiet = { hideError: true } as const;

async function other(error: unknown): Promise<Problem> {
  const { code, envelope, toasted } = failureOf(error);
  if (toasted || !envelope) return { kind: 'other' };
  return { kind: 'other', message: await errorText(code, envelope.ret_msg) };
}

const wrongCode = (error: unknown): Problem => ({
  kind: 'wrong-code',
  attemptsLeft: resultNumber(failureOf(error).envelope, 'remaining_attempts') ?? 0,
});

export async function fetchTwoFactorStatus(): Promise<TwoFactorStatus | undefined> {
  return (await api.call(endpoints.twoFactorStatus, {}, quiet))?.result;
}

/** Step 1 of the set-up: the password again, then the new secret. */
export async function startSetup(password: EncryptedPassword): Promise<Outcome<TwoFactorSetup>> {
  try {
    const answer = await api.call(endpoints.twoFactorSetup, password, quiet);
    return answer?.result ? { ok: true, value: answer.result } : { ok: false, problem: { kind: 'other' } };
  } catch (error) {
    const problem = onCode<typeof endpoints.twoFactorSetup, Problem>(
      endpoints.twoFactorSetup,
      failureOf(error).code,
      {
        [RetCode.PasswordWrong]: () => ({ kind: 'wrong-password' }),
      },
    );
    return { ok: false, problem: problem ?? (await other(error)) };
  }
}

/** Step 2: a current code of the new secret turns 2FA on and answers the backup codes. */
export async function confirmSetup(code: string): Promise<Outcome<TwoFactorEnabled>> {
  try {
    const answer = await api.call(endpoints.twoFactorEnable, { code }, quiet);
    return answer?.result ? { ok: true, value: answer.result } : { ok: false, problem: { kind: 'other' } };
  } catch (error) {
    const problem = onCode<typeof endpoints.twoFactorEnable, Problem>(
      endpoints.twoFactorEnable,
      failureOf(error).code,
      {
        [RetCode.VerifyCodeInvalid]: () => wrongCode(error),
        // TwoFactorSetupExpired (35303) reads from the error-code texts: naming it here would put its
        // constant into the chunk every page shares (where the catalogue lives; ADR 0009).
      },
    );
    return { ok: false, problem: problem ?? (await other(error)) };
  }
}

export async function turnOff(factor: { code: string } | { backup_code: string }): Promise<Outcome<true>> {
  try {
    await api.call(endpoints.twoFactorDisable, factor, quiet);
    return { ok: true, value: true };
  } catch (error) {
    const problem = onCode<typeof endpoints.twoFactorDisable, Problem>(
      endpoints.twoFactorDisable,
      failureOf(error).code,
      {
        [RetCode.VerifyCodeInvalid]: () => wrongCode(error),
      },
    );
    return { ok: false, problem: problem ?? (await other(error)) };
  }
}

/**
 * Lost device: a code to the account's e-mail. Not quiet: the client shows its refusals itself, and
 * spec §8 has it show this call's 20035 as 35300.
 */
export async function sendUnbindCode(): Promise<TwoFactorUnbindSent | undefined> {
  try {
    return (await api.call(endpoints.twoFactorUnbindSendCode, {}))?.result;
  } catch {
    return undefined;
  }
}

/** The e-mailed code: answers when the removal takes effect. */
export async function confirmUnbind(code: string): Promise<Outcome<number>> {
  try {
    const answer = await api.call(endpoints.twoFactorUnbind, { code }, quiet);
    const at = answer?.result?.unbind_effective_at;
    return at === undefined ? { ok: false, problem: { kind: 'other' } } : { ok: true, value: at };
  } catch (error) {
    const problem = onCode<typeof endpoints.twoFactorUnbind, Problem>(
      endpoints.twoFactorUnbind,
      failureOf(error).code,
      {
        [RetCode.VerifyCodeInvalid]: () => wrongCode(error),
        [RetCode.VerifyCodeExpired]: () => ({ kind: 'expired' }),
        [RetCode.VerifyCodeAttemptsExceeded]: () => ({ kind: 'expired' }),
      },
    );
    return { ok: false, problem: problem ?? (await other(error)) };
  }
}

export async function cancelUnbind(): Promise<void> {
  await api.call(endpoints.twoFactorUnbindCancel, {});
}
