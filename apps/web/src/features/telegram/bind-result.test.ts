import { describe, expect, it } from 'vitest';
import { bindFailurePrefix, bindResultView } from './bind-result';
import { failureText } from './show-bind-result';

describe('bindResultView (spec §4 third-party binding result, §8 modal list)', () => {
  it('shows nothing without a pending bind or for a login of a bound account', () => {
    expect(bindResultView(undefined, 'login', 'global')).toEqual({ kind: 'none' });
    expect(bindResultView('', 'login', 'global')).toEqual({ kind: 'none' });
    expect(bindResultView('success|login', 'login', 'global')).toEqual({ kind: 'none' });
  });

  it('picks the login-and-bind or register-and-bind success toast', () => {
    expect(bindResultView('success|login_bind', 'login', 'global')).toEqual({
      kind: 'success',
      textKey: 'telegram.result.loginBind',
    });
    expect(bindResultView('success|register_bind', 'register', 'global')).toEqual({
      kind: 'success',
      textKey: 'telegram.result.registerBind',
    });
  });

  it('prefixes a failure with tg/tr and the kind of call, and keeps the message part', () => {
    expect(bindResultView('1002|taken by another account', 'login', 'global')).toEqual({
      kind: 'failure',
      code: 'tglogin1002',
      codePart: '1002',
      message: 'taken by another account',
      modal: true,
    });
    expect(bindResultView('1001|expired', 'register', 'TUR')).toMatchObject({
      code: 'trregister1001',
      modal: true,
    });
    expect(bindFailurePrefix('EU', 'register')).toBe('tgregister');
    expect(bindFailurePrefix('TUR', 'login')).toBe('trlogin');
  });

  it('opens the failure modal for 1001, 1002, 1003 and 10016, and 1004 on login only', () => {
    for (const code of ['1001', '1002', '1003', '10016']) {
      expect(bindResultView(`${code}|x`, 'login', 'global')).toMatchObject({ modal: true });
      expect(bindResultView(`${code}|x`, 'register', 'global')).toMatchObject({ modal: true });
    }
    expect(bindResultView('1004|other device', 'login', 'global')).toMatchObject({ modal: true });
    expect(bindResultView('1004|other device', 'register', 'global')).toMatchObject({ modal: false });
    expect(bindResultView('9999|odd', 'login', 'global')).toMatchObject({
      code: 'tglogin9999',
      modal: false,
    });
  });

  it('treats a value without a message part as a failure without message', () => {
    expect(bindResultView('1003', 'login', 'global')).toMatchObject({ code: 'tglogin1003', message: '' });
  });
});

describe('failureText', () => {
  const t = (key: string) => (key === 'telegram.failure.1002' ? 'Linked elsewhere.' : '');
  it('is "code: text", our phrase for the code part first, else the message part', () => {
    const known = bindResultView('1002|server words', 'login', 'global');
    const unknown = bindResultView('9999|server words', 'login', 'global');
    if (known.kind !== 'failure' || unknown.kind !== 'failure') throw new Error('failures expected');
    expect(failureText(t, known)).toBe('tglogin1002: Linked elsewhere.');
    expect(failureText(t, unknown)).toBe('tglogin9999: server words');
  });
});
