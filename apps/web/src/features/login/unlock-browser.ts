import * as endpoints from '@gatehouse/contract/endpoints/login';
import { api } from '../../api';

/**
 * The unlock link mailed when unknown devices are held back after many wrong passwords
 * (docs/flows/login.md "Lockout"): `loginUnlock` makes this browser a device the
 * account knows. True when it did; a used, expired or junk link answers false.
 */
export function unlockBrowser(token: string): Promise<boolean> {
  // One call per token per page: the link is single use, so a second call (React's development
  // double effect, a re-render) would answer false and hide the first call's success.
  let call = calls.get(token);
  if (!call) {
    call = post(token);
    calls.set(token, call);
  }
  return call;
}

const calls = new Map<string, Promise<boolean>>();

async function post(token: string): Promise<boolean> {
  try {
    const answer = await api.call(endpoints.loginUnlock, { token }, { hideError: true });
    return answer?.result?.trusted === true;
  } catch {
    return false;
  }
}
