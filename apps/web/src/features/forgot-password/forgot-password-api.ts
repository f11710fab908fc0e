import * as endpoints from '@gatehouse/contract/endpoints/password-reset';
import { type EncryptedPassword } from '@gatehouse/contract';
import { api } from '../../api';
import type { Identifier } from '../../lib/auth/identifier';

// Forgot password (issue 4; contract api/password-reset.ts): send-code → verify → reset.

const must = <T>(answer: { result: T } | null): T => {
  if (!answer) throw new Error('no answer');
  return answer.result;
};

/** Answers the same whether or not the account exists; `captcha` is where its result goes. */
export async function sendResetCode(identifier: Identifier, captcha: Record<string, unknown> = {}) {
  return must(await api.call(endpoints.resetSendCode, { ...identifier, ...captcha }));
}

export async function verifyResetCode(identifier: Identifier, code: string) {
  return must(await api.call(endpoints.resetVerify, { ...identifier, code }));
}

export async function resetPassword(resetToken: string, password: EncryptedPassword) {
  return must(await api.call(endpoints.resetPassword, { reset_token: resetToken, ...password }));
}
