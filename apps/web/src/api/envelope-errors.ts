import {
  AFFILIATE_PATH_PREFIX,
  OAUTH_AUTHORIZE_PATH,
  QUICK_TOKEN_PATH,
  THIRD_PARTY_LOGIN_PATH,
  RetCode,
  SESSION_EXPIRED_TOAST_MS,
  SESSION_EXPIRED_TOAST_THROTTLE_MS,
  isReturnedWithoutToast,
  isSilentCode,
} from '@gatehouse/contract';
import { TOAST_ERROR_MS, TOAST_SHORT_MS } from '../components/feedback/toast';
import { pathKind } from './api-paths';
import { insideTelegram } from './platform';
import { codeMessage, codeVariantMessage, errorToast } from './error-toast';
import { ApiCallError, type ApiEnvelope } from './errors';
import { sessionExpired } from './session-events';

/**
 * How an error answer is shown (spec §8): silent, handed back without a toast, the 10006 session end,
 * or a toast worded for the code. The envelope client loads this with the first error answer, so a page
 * whose calls succeed never downloads the policy tables and the toasts (issue 12, npm run bench:web).
 */

/** Codes that are silent on affiliate calls (spec §8). */
const AFFILIATE_SILENT_CODES: readonly number[] = [
  RetCode.AffiliateNotFound,
  RetCode.AffiliateDisabled,
  RetCode.NotFound,
];

/** When the 10006 toast was last shown; the envelope client keeps it, so tests can reset it. */
export interface SessionToastClock {
  last: number;
}

/** Rejects with ApiCallError for a non-success answer, after the toast its code calls for. */
export function rejectAnswer(
  envelope: ApiEnvelope<unknown>,
  bare: string,
  hideError: boolean,
  cause: unknown,
  sessionToast: SessionToastClock,
): never {
  const code = envelope.ret_code;
  const reject = (toast?: () => void): never => {
    const shown = Boolean(toast) && !hideError;
    if (shown) toast?.();
    throw new ApiCallError(envelope, shown, { cause });
  };
  const message = () => codeMessage(code, envelope.ret_msg);

  if (isSilentCode(code) || isReturnedWithoutToast(code)) return reject();
  if (code === RetCode.SessionExpired) {
    if (bare !== QUICK_TOKEN_PATH) sessionExpired(envelope);
    const now = Date.now();
    if (hideError) return reject();
    // Throttled: the user saw this toast moments ago, so the error still counts as shown.
    if (now - sessionToast.last < SESSION_EXPIRED_TOAST_THROTTLE_MS) {
      throw new ApiCallError(envelope, true, { cause });
    }
    sessionToast.last = now;
    return reject(() => errorToast(message, SESSION_EXPIRED_TOAST_MS));
  }
  if (code === RetCode.ThirdPartyNotBound && bare === THIRD_PARTY_LOGIN_PATH && insideTelegram())
    return reject();
  if (AFFILIATE_SILENT_CODES.includes(code) && bare.startsWith(AFFILIATE_PATH_PREFIX)) return reject();
  if (code === RetCode.SystemBusy) {
    return bare === OAUTH_AUTHORIZE_PATH ? reject() : reject(() => errorToast(message, TOAST_SHORT_MS));
  }
  if (code === RetCode.TooFrequent) {
    const text = () => `${code}: ${codeVariantMessage(code, pathKind(bare), envelope.ret_msg)}`;
    return reject(() => errorToast(text, TOAST_ERROR_MS));
  }
  if (code === RetCode.RiskBlocked || code === RetCode.AccountTerminated) {
    return reject(() => errorToast(message, TOAST_ERROR_MS));
  }
  return reject(() => errorToast(() => `${code}: ${message()}`, TOAST_ERROR_MS));
}
