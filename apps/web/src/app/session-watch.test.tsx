import { RetCode } from '@gatehouse/contract';
import * as loginCalls from '@gatehouse/contract/endpoints/login';
import * as quickCalls from '@gatehouse/contract/endpoints/quick-login';
import * as userCalls from '@gatehouse/contract/endpoints/user';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api, getUserToken, setUserToken } from '../api';
import { cacheStore } from '../api/cache/response-cache';
import { LOGOUT_CHANNEL, LOGOUT_MESSAGE } from '../api/session-events';
import { answerLoggedInUser, fail, ok, apiFakeForFile } from '../test/api-fake';
import { renderApp } from '../test/render-app';

const fake = apiFakeForFile();
afterEach(() => {
  setUserToken(undefined);
});

/** A private call made by the page (any page's call goes through the same client). */
async function callAnswering10006() {
  fake.answer(userCalls.userInfo, fail(RetCode.SessionExpired));
  await act(async () => {
    await api.call(userCalls.userInfo, {}, { hideError: true }).catch(() => undefined);
  });
}

/** Another tab of this site: a channel of its own. */
function otherTab() {
  const channel = new BroadcastChannel(LOGOUT_CHANNEL);
  const heard: unknown[] = [];
  channel.onmessage = (event: MessageEvent) => heard.push(event.data);
  return { heard, post: () => channel.postMessage(LOGOUT_MESSAGE), close: () => channel.close() };
}

describe('the session-expiry handler (10006), installed once by the app', () => {
  it('forgets the local state and goes to login with the way back', async () => {
    const app = await renderApp('/en/exclusive-benefits?from=mail');
    setUserToken('token-in-memory');
    const memory = await cacheStore('memory');
    memory.set('GET /x-api/v2/private/user/profile', { ret_code: 0 }, 60_000);

    await callAnswering10006();

    await waitFor(() =>
      expect(app.location.history.at(-1)).toBe(
        `/en/login?redirect_url=${encodeURIComponent('/en/exclusive-benefits?from=mail')}`,
      ),
    );
    expect(getUserToken()).toBeUndefined();
    await waitFor(() => expect(memory.get('GET /x-api/v2/private/user/profile')).toBeUndefined());
  });

  it('stays on a sign-in page, which shows its own form', async () => {
    const app = await renderApp('/en/login');
    await callAnswering10006();
    expect(app.location.history.at(-1)).toBe('/en/login');
  });

  it('is not run for quick_token (spec §4)', async () => {
    const app = await renderApp('/en/exclusive-benefits');
    fake.answer(quickCalls.quickToken, fail(RetCode.SessionExpired));
    await act(async () => {
      await api.call(quickCalls.quickToken, {}, { hideError: true }).catch(() => undefined);
    });
    expect(app.location.history.at(-1)).toBe('/en/exclusive-benefits');
  });
});

describe('a logout in one tab logs out the others', () => {
  it('sends an open dashboard to login when another tab logs out', async () => {
    answerLoggedInUser(fake);
    const app = await renderApp('/en/dashboard');
    await screen.findByRole('heading', { name: 'Account' });
    const tab = otherTab();
    try {
      tab.post();
      await waitFor(() =>
        expect(app.location.history.at(-1)).toBe(
          `/en/login?redirect_url=${encodeURIComponent('/en/dashboard')}`,
        ),
      );
    } finally {
      tab.close();
    }
  });

  it('tells the other tabs when this one logs out', async () => {
    answerLoggedInUser(fake);
    fake.answer(loginCalls.logout, ok({ logged_out: true }));
    await renderApp('/en/dashboard');
    await screen.findByRole('heading', { name: 'Account' });
    const tab = otherTab();
    try {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
      });
      await waitFor(() => expect(tab.heard).toEqual([LOGOUT_MESSAGE]));
    } finally {
      tab.close();
    }
  });
});
