import type { TelegramUser } from '@gatehouse/contract';
import type { BindVia } from './bind-result';

/**
 * The Telegram Mini App sign-up/login flow (spec §2 "Telegram mini-app steps", §4 "Telegram mini app")
 * as a pure reducer; the page performs the calls and feeds their outcomes in as events.
 *
 *   starting ──bound──────────────────────────────────────────────▶ leaving
 *      │ 40004 (not bound: Telegram info + pending id)
 *      ▼
 *   register-or-login (third-party mode: the Telegram account, "log in" / "sign up")
 *      │ log in ─▶ authorisation-login ─Accept (records acceptance)─▶ login form carrying tg_pending_id
 *      │                              └Decline (resets)───────────▶ login form without it
 *      │ sign up ─────────────────────────────────────────────────▶ sign-up form   (account mode)
 *      ▼ logged in / signed up
 *   not decided and not bound (after sign-up also Telegram-capable) ─▶ link-authorisation, else leaving
 *   link-authorisation ─Accept (stores the decision)─▶ linking (security check, then the bind) ─▶ leaving
 *                      └Decline (stores the decision)──────────────────────────────────────────▶ leaving
 *
 * The back icon (Telegram's back button): in account mode back to third-party mode; on
 * authorisation-login back to register-or-login. Either way the Telegram choices made so far (the
 * acceptance, the bot-messages box), the step and the header title are reset. The pending Telegram
 * identity itself is kept: it came signed from Telegram for this launch and cannot be asked for again
 * (each init data logs in once). This page shows no affiliate anonymity block, so there is none to reset.
 */

export type Step =
  /** The third-party login with the launch's init data is in flight. */
  | 'starting'
  | 'register-or-login'
  | 'authorisation-login'
  | 'link-authorisation'
  /** link-authorisation accepted: the security check and the bind call run. */
  | 'linking'
  /** Done: on the way to the Telegram home (or the task page). */
  | 'leaving'
  /** The init data was refused (43001/43002): the session-expired modal closes the Mini App. */
  | 'expired'
  /** Opened without launch parameters: not inside Telegram. */
  | 'outside'
  /** Telegram is off on this server, or the start failed otherwise. */
  | 'unavailable';

/** Third-party: the Telegram account is the subject; account: an exchange login or sign-up form. */
export type Mode = 'third-party' | 'account';
export type AccountForm = 'login' | 'register';
/** The page heading (the "header title" the back icon resets). */
export type TitleKey = 'welcome' | 'login' | 'register' | 'authorise' | 'link';

export interface PendingTelegram {
  pendingId: string;
  user: TelegramUser;
}

export interface MiniAppState {
  step: Step;
  mode: Mode;
  form: AccountForm;
  /** Telegram info from the 40004 answer: the account to bind once the user logs in. */
  telegram: PendingTelegram | null;
  /** authorisation-login accepted: the login carries `tg_pending_id` (login-and-bind). */
  loginAccepted: boolean;
  /** The "allow bot messages" box: ticked by default (spec §2). */
  allowBotMessages: boolean;
  title: TitleKey;
  /** The account was created in this flow (for the redirect's newUser). */
  newUser: boolean;
}

export const INITIAL_STATE: MiniAppState = {
  step: 'starting',
  mode: 'third-party',
  form: 'login',
  telegram: null,
  loginAccepted: false,
  allowBotMessages: true,
  title: 'welcome',
  newUser: false,
};

export type MiniAppEvent =
  | { type: 'outside' }
  | { type: 'unavailable' }
  | { type: 'auth-failed' }
  | { type: 'not-bound'; telegram: PendingTelegram }
  | { type: 'choose'; form: AccountForm }
  | { type: 'allow-bot-messages'; value: boolean }
  | { type: 'accept' }
  | { type: 'decline' }
  | { type: 'back' }
  /** Logged in or signed up; `next` comes from {@link afterAuth}. */
  | { type: 'authenticated'; newUser: boolean; next: AfterAuth }
  /** link-authorisation's security check was cancelled or failed: the screen stays. */
  | { type: 'link-cancelled' }
  | { type: 'linked' };

export type AfterAuth = 'link-authorisation' | 'leave';

export interface AfterAuthInput {
  via: BindVia;
  /** The Telegram-link-decision flag is set for this Telegram user. */
  decided: boolean;
  /** This Telegram user is bound (one-person-bind `bind_uid` not "0", or the pending bind just succeeded). */
  bound: boolean;
  /** A Telegram user came with the launch inside a Telegram platform (pc_tg, ios_tg, android_tg). */
  telegramCapable: boolean;
}

/** Spec §4: where a login or sign-up inside Telegram continues. */
export function afterAuth({ via, decided, bound, telegramCapable }: AfterAuthInput): AfterAuth {
  if (decided || bound) return 'leave';
  if (via === 'register' && !telegramCapable) return 'leave';
  return 'link-authorisation';
}

/** Back to register-or-login in third-party mode, with the Telegram choices, step and title reset. */
function backToThirdParty(state: MiniAppState): MiniAppState {
  return {
    ...state,
    step: 'register-or-login',
    mode: 'third-party',
    loginAccepted: false,
    allowBotMessages: true,
    title: 'welcome',
  };
}

/** Whether the back icon has somewhere to go. */
export function canGoBack(state: MiniAppState): boolean {
  return (
    state.step === 'authorisation-login' || (state.step === 'register-or-login' && state.mode === 'account')
  );
}

/** The pending id the embedded login or sign-up sends (`extraBody.tg_pending_id`), if any. */
export function pendingIdToSend(state: MiniAppState): string | undefined {
  return state.loginAccepted && state.form === 'login' ? state.telegram?.pendingId : undefined;
}

export function miniAppReducer(state: MiniAppState, event: MiniAppEvent): MiniAppState {
  switch (event.type) {
    case 'outside':
      return { ...state, step: 'outside' };
    case 'unavailable':
      return { ...state, step: 'unavailable' };
    case 'auth-failed':
      return { ...state, step: 'expired' };
    case 'not-bound':
      if (state.step !== 'starting') return state;
      return { ...INITIAL_STATE, step: 'register-or-login', telegram: event.telegram };
    case 'choose':
      if (state.step !== 'register-or-login' || state.mode !== 'third-party') return state;
      // Logging in to an existing account first asks to authorise the Telegram login (login-and-bind).
      if (event.form === 'login' && state.telegram) {
        return { ...state, step: 'authorisation-login', form: 'login', title: 'authorise' };
      }
      return { ...state, mode: 'account', form: event.form, title: event.form };
    case 'allow-bot-messages':
      if (state.step !== 'authorisation-login' && state.step !== 'link-authorisation') return state;
      return { ...state, allowBotMessages: event.value };
    case 'accept':
      // Spec §5: Accept is disabled until "allow bot messages" is ticked.
      if (!state.allowBotMessages) return state;
      if (state.step === 'authorisation-login') {
        return {
          ...state,
          step: 'register-or-login',
          mode: 'account',
          form: 'login',
          loginAccepted: true,
          title: 'login',
        };
      }
      if (state.step === 'link-authorisation') return { ...state, step: 'linking' };
      return state;
    case 'decline':
      if (state.step === 'authorisation-login') {
        // Back to the normal flow, the acceptance reset: the login then binds nothing.
        return {
          ...state,
          step: 'register-or-login',
          mode: 'account',
          form: 'login',
          loginAccepted: false,
          allowBotMessages: true,
          title: 'login',
        };
      }
      if (state.step === 'link-authorisation') return { ...state, step: 'leaving' };
      return state;
    case 'back':
      return canGoBack(state) ? backToThirdParty(state) : state;
    case 'authenticated':
      return {
        ...state,
        newUser: event.newUser,
        step: event.next === 'link-authorisation' ? 'link-authorisation' : 'leaving',
        title: event.next === 'link-authorisation' ? 'link' : state.title,
        // The link screen asks afresh: its box is ticked by default too.
        allowBotMessages: true,
      };
    case 'link-cancelled':
      return state.step === 'linking' ? { ...state, step: 'link-authorisation' } : state;
    case 'linked':
      return state.step === 'linking' ? { ...state, step: 'leaving' } : state;
  }
}
