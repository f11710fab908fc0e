import { describe, expect, it } from 'vitest';
import {
  afterAuth,
  canGoBack,
  INITIAL_STATE,
  miniAppReducer,
  pendingIdToSend,
  type MiniAppEvent,
  type MiniAppState,
} from './mini-app-machine';

const telegram = {
  pendingId: 'p'.repeat(43),
  user: { id: '42', username: 'ann', first_name: 'Ann', last_name: null, photo_url: null },
};

const run = (...events: MiniAppEvent[]): MiniAppState => events.reduce(miniAppReducer, INITIAL_STATE);
const notBound: MiniAppEvent = { type: 'not-bound', telegram };

describe('Mini App steps (spec §2, §4)', () => {
  it('starts in third-party mode on register-or-login when the Telegram account is not bound', () => {
    const state = run(notBound);
    expect(state).toMatchObject({
      step: 'register-or-login',
      mode: 'third-party',
      telegram,
      title: 'welcome',
    });
    expect(state.allowBotMessages).toBe(true);
    expect(canGoBack(state)).toBe(false);
  });

  it('logging in goes through authorisation-login; Accept records acceptance and returns to the flow', () => {
    const asked = run(notBound, { type: 'choose', form: 'login' });
    expect(asked).toMatchObject({ step: 'authorisation-login', title: 'authorise' });
    expect(pendingIdToSend(asked)).toBeUndefined();
    const accepted = miniAppReducer(asked, { type: 'accept' });
    expect(accepted).toMatchObject({
      step: 'register-or-login',
      mode: 'account',
      form: 'login',
      loginAccepted: true,
    });
    expect(pendingIdToSend(accepted)).toBe(telegram.pendingId);
  });

  it('Decline on authorisation-login returns to the flow and resets: the login binds nothing', () => {
    const declined = run(
      notBound,
      { type: 'choose', form: 'login' },
      { type: 'allow-bot-messages', value: false },
      { type: 'decline' },
    );
    expect(declined).toMatchObject({
      step: 'register-or-login',
      mode: 'account',
      form: 'login',
      loginAccepted: false,
      allowBotMessages: true,
    });
    expect(pendingIdToSend(declined)).toBeUndefined();
  });

  it('Accept is refused while "allow bot messages" is unticked (spec §5)', () => {
    const unticked = run(
      notBound,
      { type: 'choose', form: 'login' },
      { type: 'allow-bot-messages', value: false },
    );
    expect(miniAppReducer(unticked, { type: 'accept' })).toBe(unticked);
    const ticked = miniAppReducer(unticked, { type: 'allow-bot-messages', value: true });
    expect(miniAppReducer(ticked, { type: 'accept' }).step).toBe('register-or-login');
  });

  it('signing up opens the sign-up form in account mode, without the pending id', () => {
    const state = run(notBound, { type: 'choose', form: 'register' });
    expect(state).toMatchObject({
      step: 'register-or-login',
      mode: 'account',
      form: 'register',
      title: 'register',
    });
    expect(pendingIdToSend(state)).toBeUndefined();
  });

  it('the back icon: account mode returns to third-party mode, resetting the choices, step and title', () => {
    const inLogin = run(notBound, { type: 'choose', form: 'login' }, { type: 'accept' });
    expect(canGoBack(inLogin)).toBe(true);
    const back = miniAppReducer(inLogin, { type: 'back' });
    expect(back).toMatchObject({
      step: 'register-or-login',
      mode: 'third-party',
      loginAccepted: false,
      allowBotMessages: true,
      title: 'welcome',
      telegram,
    });
    expect(canGoBack(back)).toBe(false);
    expect(miniAppReducer(back, { type: 'back' })).toBe(back);
  });

  it('the back icon on authorisation-login returns to register-or-login', () => {
    const asked = run(
      notBound,
      { type: 'choose', form: 'login' },
      { type: 'allow-bot-messages', value: false },
    );
    expect(miniAppReducer(asked, { type: 'back' })).toMatchObject({
      step: 'register-or-login',
      mode: 'third-party',
      allowBotMessages: true,
      title: 'welcome',
    });
  });

  it('after sign-up, link-authorisation: Accept runs the security check, which completes or stays', () => {
    const linking = run(
      notBound,
      { type: 'choose', form: 'register' },
      { type: 'authenticated', newUser: true, next: 'link-authorisation' },
    );
    expect(linking).toMatchObject({
      step: 'link-authorisation',
      title: 'link',
      newUser: true,
      allowBotMessages: true,
    });
    expect(canGoBack(linking)).toBe(false);
    const checking = miniAppReducer(linking, { type: 'accept' });
    expect(checking.step).toBe('linking');
    expect(miniAppReducer(checking, { type: 'link-cancelled' }).step).toBe('link-authorisation');
    expect(miniAppReducer(checking, { type: 'linked' }).step).toBe('leaving');
  });

  it('Decline on link-authorisation goes on', () => {
    const state = run(
      notBound,
      { type: 'authenticated', newUser: false, next: 'link-authorisation' },
      { type: 'decline' },
    );
    expect(state.step).toBe('leaving');
  });

  it('an auth failure on start is the session-expired state; no launch is outside Telegram', () => {
    expect(run({ type: 'auth-failed' }).step).toBe('expired');
    expect(run({ type: 'outside' }).step).toBe('outside');
    expect(run({ type: 'unavailable' }).step).toBe('unavailable');
  });

  it('ignores events that do not belong to the current step', () => {
    const start = run();
    expect(miniAppReducer(start, { type: 'choose', form: 'login' })).toBe(start);
    expect(miniAppReducer(start, { type: 'accept' })).toBe(start);
    expect(miniAppReducer(start, { type: 'linked' })).toBe(start);
    const chosen = run(notBound, { type: 'choose', form: 'register' });
    expect(miniAppReducer(chosen, notBound)).toBe(chosen);
  });
});

describe('afterAuth (spec §4)', () => {
  const base = { via: 'login' as const, decided: false, bound: false, telegramCapable: true };
  it('asks to link after login when not decided and not bound', () => {
    expect(afterAuth(base)).toBe('link-authorisation');
    expect(afterAuth({ ...base, decided: true })).toBe('leave');
    expect(afterAuth({ ...base, bound: true })).toBe('leave');
    // Login does not need the Telegram-capable check.
    expect(afterAuth({ ...base, telegramCapable: false })).toBe('link-authorisation');
  });
  it('after registration, also only where Telegram is capable', () => {
    expect(afterAuth({ ...base, via: 'register' })).toBe('link-authorisation');
    expect(afterAuth({ ...base, via: 'register', telegramCapable: false })).toBe('leave');
    expect(afterAuth({ ...base, via: 'register', decided: true })).toBe('leave');
  });
});
