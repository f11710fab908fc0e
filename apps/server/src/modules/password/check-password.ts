import { checkPasswordPolicy, type PasswordPolicyResult } from '@gatehouse/contract';
import { isCommonPassword } from './common-passwords.js';

/** The whole policy as the server applies it: the shared length rules, then the common-password list. */
export async function checkPassword(password: string): Promise<PasswordPolicyResult> {
  const result = checkPasswordPolicy(password);
  if (!result.ok) return result;
  return (await isCommonPassword(password)) ? { ok: false, reason: 'common' } : result;
}
