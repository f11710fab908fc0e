/**
 * Paths (below the API base) that the envelope client treats specially (spec §4, §8).
 * Feature modules import them too, so the rule and the call can never name different paths.
 */
export const PROFILE_PATH = '/v2/private/user/profile';
export const QUICK_TOKEN_PATH = '/user/private/quick_token';
export const OAUTH_AUTHORIZE_PATH = '/oauth/v1/private/authorize';
export const THIRD_PARTY_LOGIN_PATH = '/user/public/login/thirdparty';
/** Not in the spec's call list; the 20035 → 35300 rule needs a name for it. */
export const UNBIND_GOOGLE_2FA_SEND_EMAIL_CODE_PATH = '/user/private/google2fa/unbind/send-email-code';
export const AFFILIATE_PATH_PREFIX = '/affiliate/';

/** The path without query or fragment, so rules match whatever the caller appended. */
export function pathOnly(path: string): string {
  return path.split(/[?#]/, 1)[0] ?? '';
}

/** Which text a 10016 (too frequent) toast uses (spec §8 "per-kind text by path type"). */
export type PathKind = 'login' | 'register' | 'other';

export function pathKind(path: string): PathKind {
  const bare = pathOnly(path);
  if (/register|sign-?up/i.test(bare)) return 'register';
  if (/login/i.test(bare)) return 'login';
  return 'other';
}
