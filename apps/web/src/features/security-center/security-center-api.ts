import {
  RetCode,
  type ActiveSession,
  type EncryptedPassword,
  type PasswordPolicyReason,
  type SignInAttempt,
} from '@gatehouse/contract';
import * as securityCalls from '@gatehouse/contract/endpoints/account-security';
import * as sessionCalls from '@gatehouse/contract/endpoints/sessions';
import { api } from '../../api';
import { failureOf } from '../../lib/api-error';
import { errorText } from '../../lib/error-text';

/**
 * The account page's sessions and sign-in history calls (docs/flows/sessions.md). Loads are quiet
 * (the section says it failed and offers "try again"); an action's refusal is toasted by the client.
 */
const quiet = { hideError: true } as const;

export async function fetchSessions(): Promise<ActiveSession[] | undefined> {
  return (await api.call(sessionCalls.sessionsList, {}, quiet))?.result?.sessions;
}

/** True when the session ended; false when it had already gone (the client toasted why). */
export async function signOutSession(sessionId: string): Promise<boolean> {
  try {
    return (await api.call(sessionCalls.sessionRevoke, { session_id: sessionId }))?.result?.revoked === true;
  } catch {
    return false;
  }
}

/** Every other session ends; answers how many, or null when the call failed (toasted). */
export async function signOutOthers(): Promise<number | null> {
  try {
    return (await api.call(sessionCalls.sessionRevokeOthers, {}))?.result?.revoked ?? null;
  } catch {
    return null;
  }
}

export async function fetchSignInHistory(): Promise<SignInAttempt[] | undefined> {
  return (await api.call(sessionCalls.signInHistory, {}, quiet))?.result?.attempts;
}

/** Why a password change was refused, in the form's own words where it has them. */
export type PasswordProblem =
  | { kind: 'wrong-password' }
  | { kind: 'weak'; reason: PasswordPolicyReason }
  /** Words for anything else (the lockout, a stale page), from the error-code texts. */
  | { kind: 'other'; message?: string };

const REASONS: readonly string[] = [
  'empty',
  'too-short',
  'too-long',
  'common',
] satisfies PasswordPolicyReason[];

/** The current password, then the new one; answers how many other sessions ended. */
export async function changePassword(
  current: EncryptedPassword,
  next: EncryptedPassword,
): Promise<{ ok: true; sessionsEnded: number } | { ok: false; problem: PasswordProblem }> {
  try {
    const answer = await api.call(securityCalls.changePassword, { current, new_password: next }, quiet);
    return answer?.result
      ? { ok: true, sessionsEnded: answer.result.sessions_ended }
      : { ok: false, problem: { kind: 'other' } };
  } catch (error) {
    const { code, envelope, toasted } = failureOf(error);
    if (code === RetCode.PasswordWrong) return { ok: false, problem: { kind: 'wrong-password' } };
    const reason = (envelope?.result as { reason?: unknown } | null | undefined)?.reason;
    if (code === RetCode.PasswordTooWeak && typeof reason === 'string' && REASONS.includes(reason)) {
      return { ok: false, problem: { kind: 'weak', reason: reason as PasswordPolicyReason } };
    }
    if (toasted || !envelope) return { ok: false, problem: { kind: 'other' } };
    return { ok: false, problem: { kind: 'other', message: await errorText(code, envelope.ret_msg) } };
  }
}
