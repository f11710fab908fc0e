import { api } from '../../api';

export const QUICK_LOGIN_PATH = '/user/public/quick_login';

/**
 * Quick login (spec §4: on when `tmp_token` is on a login path; §7 `POST /user/public/quick_login`, body
 * "not shown"): trades the one-time token for a session. Any failure leaves the normal form in place.
 */
export async function quickLogin(tmpToken: string): Promise<boolean> {
  try {
    const answer = await api.post(QUICK_LOGIN_PATH, { tmp_token: tmpToken }, { hideError: true });
    return answer?.ret_code === 0;
  } catch {
    return false;
  }
}
