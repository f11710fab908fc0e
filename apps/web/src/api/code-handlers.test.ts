import { RetCode } from '@gatehouse/contract';
import * as loginCalls from '@gatehouse/contract/endpoints/login';
import * as registrationCalls from '@gatehouse/contract/endpoints/registration';
import * as userCalls from '@gatehouse/contract/endpoints/user';
import { describe, expect, it } from 'vitest';
import { onCode } from './code-handlers';

describe('onCode', () => {
  it('runs the handler for the answered code', () => {
    const outcome = onCode(loginCalls.login, RetCode.IpLimit, {
      [RetCode.TooManyPasswordErrors]: () => 'locked',
      [RetCode.IpLimit]: () => 'ip-limit',
    });
    expect(outcome).toBe('ip-limit');
  });

  it('answers undefined when no handler is for the code, so the caller falls back', () => {
    const handlers = { [RetCode.IpLimit]: () => 'ip-limit' };
    expect(onCode(loginCalls.login, RetCode.AccountBanned, handlers)).toBeUndefined();
    expect(onCode(loginCalls.login, RetCode.Network, handlers)).toBeUndefined();
  });

  it('accepts the codes of several calls, and the ones every call may answer', () => {
    const steps = [registrationCalls.registerVerify, registrationCalls.registerPassword];
    expect(onCode(steps, RetCode.PasswordTooWeak, { [RetCode.PasswordTooWeak]: () => 'weak' })).toBe('weak');
    expect(
      onCode(userCalls.profile, RetCode.SessionExpired, { [RetCode.SessionExpired]: () => 'log in' }),
    ).toBe('log in');
  });

  it('refuses at compile time a code the call never answers', () => {
    // Never run: the checks are the compiler's.
    const typeChecks = () => {
      // @ts-expect-error the unlock call never answers IpLimit
      onCode(loginCalls.loginUnlock, 0, { [RetCode.IpLimit]: () => 1 });
      // @ts-expect-error a public call never answers SessionExpired
      onCode(loginCalls.login, 0, { [RetCode.SessionExpired]: () => 1 });
      // @ts-expect-error a bare number is no catalogue code of the call
      onCode(loginCalls.login, 0, { 31031: () => 1 });
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});
