import type { ActiveSession, SignInAttempt } from '@gatehouse/contract';
import * as sessionCalls from '@gatehouse/contract/endpoints/sessions';
import { api } from '../../api';

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
