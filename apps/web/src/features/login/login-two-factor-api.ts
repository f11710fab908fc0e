import { RetCode } from '@gatehouse/contract';
import * as endpoints from '@gatehouse/contract/endpoints/two-factor';
import { api, onCode } from '../../api';
import { failureOf, resultNumber } from '../../lib/api-error';
import { errorText } from '../../lib/error-text';

// Loaded with the authenticator step (login-two-factor-step.tsx), only for an account with 2FA.

/** Either the authenticator's current code or one backup code. */
export type SecondFactor = { code: string } | { backup_code: string };

export type SecondFactorOutcome =
  | { kind: 'done'; tgBindResult?: string }
  | { kind: 'wrong'; attemptsLeft: number }
  /** The step is gone (expired, used, or another device): log in again. */
  | { kind: 'expired' }
  /** `message`: the words for anything else (a used code, the lock, a ban), unless a toast said it. */
  | { kind: 'error'; message?: string };

/** `loginTwoFactor`: the session starts when the code (or backup code) is right. */
export async function submitSecondFactor(
  challengeId: string,
  factor: SecondFactor,
  extra: Readonly<Record<string, unknown>> = {},
): Promise<SecondFactorOutcome> {
  try {
    const answer = await api.call(
      endpoints.loginTwoFactor,
      { challenge_id: challengeId, ...factor, ...extra },
      { hideError: true },
    );
    const tgBindResult = answer?.result?.tg_bind_result;
    return tgBindResult ? { kind: 'done', tgBindResult } : { kind: 'done' };
  } catch (error) {
    const { code, envelope } = failureOf(error);
    const handled = onCode<typeof endpoints.loginTwoFactor, SecondFactorOutcome>(
      endpoints.loginTwoFactor,
      code,
      {
        [RetCode.VerifyCodeInvalid]: () => ({
          kind: 'wrong',
          attemptsLeft: resultNumber(envelope, 'remaining_attempts') ?? 0,
        }),
        [RetCode.VerifyCodeExpired]: () => ({ kind: 'expired' }),
      },
    );
    if (handled) return handled;
    return envelope ? { kind: 'error', message: await errorText(code, envelope.ret_msg) } : { kind: 'error' };
  }
}
