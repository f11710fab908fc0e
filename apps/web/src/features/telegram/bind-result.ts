import type { SiteId } from '@gatehouse/contract';

/**
 * Spec §4 "Third-party Telegram binding result" and §8 "Telegram bind/login failures": what the page
 * shows for the server's `tg_bind_result` (`status|message`, docs/telegram.md) after a login or
 * sign-up that carried a pending Telegram bind. Pure, so the rules are unit-tested.
 */

/** Which call completed the pending bind. */
export type BindVia = 'login' | 'register';

export type BindResultView =
  /** Nothing to say: no pending bind, or a login of an account that was already bound. */
  | { kind: 'none' }
  /** The success toast (5 s): login-and-bind or register-and-bind. */
  | { kind: 'success'; textKey: 'telegram.result.loginBind' | 'telegram.result.registerBind' }
  /**
   * A failure: `code` is the prefix (tg/tr + login/register) plus the code part, e.g. `tglogin1002`;
   * `message` the server's message part. `modal`: the "failed to bind Telegram" modal with bind-again
   * (§8 list); otherwise a toast `code: message`.
   */
  | { kind: 'failure'; code: string; codePart: string; message: string; modal: boolean };

/** Code parts of §8 whose failure opens the "failed to bind Telegram" modal, for both kinds of call. */
const MODAL_CODE_PARTS: readonly string[] = ['1001', '1002', '1003', '10016'];
/** `login1004` (started on another device) is in the list only for a login. */
const LOGIN_ONLY_MODAL_CODE_PARTS: readonly string[] = ['1004'];

/**
 * The prefix of a failure code: `tr` on the Turkish site (its pages are /tr-login and /tr-register),
 * `tg` elsewhere; then the kind of call.
 */
export function bindFailurePrefix(site: SiteId, via: BindVia): string {
  return `${site === 'TUR' ? 'tr' : 'tg'}${via}`;
}

export function bindResultView(value: string | undefined | null, via: BindVia, site: SiteId): BindResultView {
  if (!value) return { kind: 'none' };
  const bar = value.indexOf('|');
  // A malformed value is still a failure the user should hear about, with no message part.
  const status = bar === -1 ? value : value.slice(0, bar);
  const message = bar === -1 ? '' : value.slice(bar + 1);
  if (status === 'success') {
    if (message === 'login_bind') return { kind: 'success', textKey: 'telegram.result.loginBind' };
    if (message === 'register_bind') return { kind: 'success', textKey: 'telegram.result.registerBind' };
    return { kind: 'none' };
  }
  const modal =
    MODAL_CODE_PARTS.includes(status) || (via === 'login' && LOGIN_ONLY_MODAL_CODE_PARTS.includes(status));
  return {
    kind: 'failure',
    code: `${bindFailurePrefix(site, via)}${status}`,
    codePart: status,
    message,
    modal,
  };
}

/** The phrase key of a failure's explanation in the modal, when there is one for its code part. */
export const FAILURE_TEXT_KEYS: Readonly<Record<string, string>> = {
  '1001': 'telegram.failure.1001',
  '1002': 'telegram.failure.1002',
  '1003': 'telegram.failure.1003',
  '1004': 'telegram.failure.1004',
  '10016': 'telegram.failure.10016',
};
