import type { EncryptedPassword } from '@gatehouse/contract';
import { api } from '../../api';
import type { Identifier } from '../auth-common/identifier';

/** Forgot password (issue 4; contract api/password-reset.ts): send-code → verify → reset. */
export const RESET_SEND_CODE_PATH = '/user/public/password/reset/send-code';
export const RESET_VERIFY_PATH = '/user/public/password/reset/verify';
export const RESET_PATH = '/user/public/password/reset';

const must = <T>(answer: { result: T } | null): T => {
  if (!answer) throw new Error('no answer');
  return answer.result;
};

/** Answers the same whether or not the account exists; `captcha` is where its result goes. */
export async function sendResetCode(identifier: Identifier, captcha: Record<string, unknown> = {}) {
  return must(
    await api.post<{ accepted: true; channel: 'email' | 'mobile'; expires_in: number; resend_in: number }>(
      RESET_SEND_CODE_PATH,
      { ...identifier, ...captcha },
    ),
  );
}

export async function verifyResetCode(identifier: Identifier, code: string) {
  return must(
    await api.post<{ reset_token: string; expires_in: number }>(RESET_VERIFY_PATH, { ...identifier, code }),
  );
}

export async function resetPassword(resetToken: string, password: EncryptedPassword) {
  return must(
    await api.post<{ password_changed: true }>(RESET_PATH, { reset_token: resetToken, ...password }),
  );
}
