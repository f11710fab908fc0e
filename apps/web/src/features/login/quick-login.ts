import { RetCode } from '@gatehouse/contract';
import * as endpoints from '@gatehouse/contract/endpoints/quick-login';
import { api, onCode } from '../../api';
import { failureOf } from '../../lib/api-error';

/**
 * Quick login (spec §4; docs/flows/quick-login.md): the login page opened with `?tmp_token=` trades
 * the token for a session (`quickLogin`). `invalid`: spent, expired or for another site — the form
 * takes over with a notice; `error`: anything else (the network), likewise.
 */
export type QuickLoginOutcome = 'done' | 'invalid' | 'error';

/** One call per token per page: the token is single use, so a second call (React's development double effect) would fail. */
export function quickLogin(token: string): Promise<QuickLoginOutcome> {
  let call = calls.get(token);
  if (!call) {
    call = post(token);
    calls.set(token, call);
  }
  return call;
}

const calls = new Map<string, Promise<QuickLoginOutcome>>();

async function post(token: string): Promise<QuickLoginOutcome> {
  try {
    const answer = await api.call(endpoints.quickLogin, { tmp_token: token }, { hideError: true });
    return answer?.result ? 'done' : 'error';
  } catch (error) {
    const invalid = onCode<typeof endpoints.quickLogin, QuickLoginOutcome>(
      endpoints.quickLogin,
      failureOf(error).code,
      { [RetCode.QuickLoginInvalid]: () => 'invalid' },
    );
    return invalid ?? 'error';
  }
}
