/**
 * Paths the web client's envelope rules single out (spec §4, §8), as plain strings so the client
 * carries them without the endpoint entries. The endpoint table (`endpoints.ts`) uses the same
 * constants for the calls Gatehouse serves; the others name calls of the exchange that Gatehouse
 * does not serve yet, whose rules the client must still apply when an app routes them through it.
 */
export const PROFILE_PATH = '/v2/private/user/profile';
export const OAUTH_AUTHORIZE_PATH = '/oauth/v1/private/authorize';
export const THIRD_PARTY_LOGIN_PATH = '/user/public/login/thirdparty';
/** Quick login's mint (endpoint `quickToken`): a 10006 here must not log the user out (spec §4). */
export const QUICK_TOKEN_PATH = '/user/private/quick_token';
/** Lost authenticator: the e-mail code (endpoint `twoFactorUnbindSendCode`); its 20035 reads as 35300 (spec §8). */
export const UNBIND_GOOGLE_2FA_SEND_EMAIL_CODE_PATH = '/user/private/google2fa/unbind/send-email-code';
/** The exchange's affiliate calls: their "not found" codes are silent (spec §8). */
export const AFFILIATE_PATH_PREFIX = '/affiliate/';
