import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGOUT_CHANNEL, LOGOUT_MESSAGE, listenForLogoutEarly, takeEarlyLogout } from './logout-channel';
import { onLogoutElsewhere } from './session-events';

/** Another tab of this site announcing its logout. */
function anotherTabLogsOut(): Promise<void> {
  const channel = new BroadcastChannel(LOGOUT_CHANNEL);
  channel.postMessage(LOGOUT_MESSAGE);
  channel.close();
  // Delivery to the other channel objects is asynchronous.
  return new Promise((resolve) => setTimeout(resolve, 50));
}

afterEach(() => {
  takeEarlyLogout();
});

describe('the early logout listener', () => {
  it('keeps a logout announced before the session watch listens, and passes it on once', async () => {
    listenForLogoutEarly();
    await anotherTabLogsOut();
    const listener = vi.fn();
    const stop = onLogoutElsewhere(listener);
    await Promise.resolve();
    expect(listener).toHaveBeenCalledOnce();
    stop();
    expect(takeEarlyLogout()).toBe(false);
  });

  it('passes nothing on when no tab logged out', async () => {
    listenForLogoutEarly();
    const listener = vi.fn();
    const stop = onLogoutElsewhere(listener);
    await Promise.resolve();
    expect(listener).not.toHaveBeenCalled();
    await anotherTabLogsOut();
    expect(listener).toHaveBeenCalledOnce();
    stop();
  });
});
