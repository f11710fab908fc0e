import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiEnvelope } from './errors';
import { sessionExpired, setSessionExpiredHandler } from './session-events';

const expired: ApiEnvelope<null> = { ret_code: 10006, ret_msg: 'session expired', result: null };

afterEach(() => setSessionExpiredHandler(undefined));

describe('the session-expiry handler', () => {
  it('hears a 10006 answered before it was installed, once', () => {
    sessionExpired(expired);
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    expect(handler).toHaveBeenCalledExactlyOnceWith(expired);
    setSessionExpiredHandler(handler);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('hears later answers as they come', () => {
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    sessionExpired(expired);
    sessionExpired(expired);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('forgets a waiting answer when the handler is removed (the app that got it is gone)', () => {
    sessionExpired(expired);
    setSessionExpiredHandler(undefined);
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    expect(handler).not.toHaveBeenCalled();
  });
});
