import { RetCode } from '@gatehouse/contract';
import * as telegramCalls from '@gatehouse/contract/endpoints/telegram';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { apiFakeForFile, fail, ok, type Answer } from '../../test/api-fake';
import type { MiniAppLaunch } from './mini-app-sdk';

// The launch Telegram would give (the SDK itself needs Telegram's launch parameters; the flow through
// the real SDK and the simulator is e2e/telegram.spec.ts). Each test sets its own.
const sdk = vi.hoisted(() => ({ launch: null as MiniAppLaunch | null }));
vi.mock('./mini-app-sdk', () => ({ startMiniApp: () => sdk.launch }));

const fake = apiFakeForFile();

let launches = 0;
function launchWith(startParam: string | null): void {
  launches += 1;
  sdk.launch = {
    platform: 'ios_tg',
    // A new launch per test: the page calls once per launch and task.
    initDataRaw: `user=%7B%22id%22%3A7%7D&auth_date=1&hash=${launches}`,
    user: { id: '7', first_name: 'Tess', last_name: null, username: null, photo_url: null },
    startParam,
    dark: false,
    hosted: false,
  };
}

beforeEach(() => {
  launchWith('follow_channel');
});

/** The server's answer: the task recorded now, or before. */
function completed(
  status: 'completed' | 'already_completed',
): Answer<typeof telegramCalls.miniAppCompleteTask> {
  return ok({ campaignId: 'spring', taskId: 'follow_channel', status, completed_at: 1_700_000_000 });
}

describe('Mini App task page (source=task)', () => {
  it('completes the task the launch names, once: the campaign query parameter and the start parameter', async () => {
    fake.answer(telegramCalls.miniAppCompleteTask, completed('completed'));
    await renderApp('/en/min-app/task?campaign=spring');
    expect(await screen.findByText('Task completed.')).toBeTruthy();
    expect(fake.received(telegramCalls.miniAppCompleteTask)).toEqual([
      { campaignId: 'spring', taskId: 'follow_channel' },
    ]);
    // Shown again in the same launch (back and forth, a remount): no second call.
    cleanup();
    await renderApp('/en/min-app/task?campaign=spring');
    expect(await screen.findByText('Task completed.')).toBeTruthy();
    expect(fake.received(telegramCalls.miniAppCompleteTask)).toHaveLength(1);
  });

  it('says when the task was already done (the server records it once per task)', async () => {
    fake.answer(telegramCalls.miniAppCompleteTask, completed('already_completed'));
    await renderApp('/en/min-app/task?campaign=spring');
    expect(await screen.findByText('You have already completed this task.')).toBeTruthy();
  });

  it('asks to link Telegram on 43004 (the Telegram account is not linked)', async () => {
    fake.answer(telegramCalls.miniAppCompleteTask, fail(RetCode.TelegramNotBound));
    await renderApp('/en/min-app/task?campaign=spring');
    expect(
      await screen.findByText('Link your Telegram account to your account to complete tasks.'),
    ).toBeTruthy();
  });

  it('says it failed on an expired launch or any other error', async () => {
    fake.answer(telegramCalls.miniAppCompleteTask, fail(RetCode.TelegramAuthExpired));
    await renderApp('/en/min-app/task?campaign=spring');
    expect(await screen.findByText('The task could not be completed. Please try again later.')).toBeTruthy();
  });

  it('calls nothing when the campaign or the task is missing', async () => {
    await renderApp('/en/min-app/task');
    expect(await screen.findByText(/does not name a task/)).toBeTruthy();
    launchWith(null);
    await renderApp('/en/min-app/task?campaign=spring');
    await waitFor(() => expect(screen.getAllByText(/does not name a task/)).toHaveLength(2));
    expect(fake.received(telegramCalls.miniAppCompleteTask)).toEqual([]);
  });

  it('outside Telegram says where to open it, and calls nothing', async () => {
    sdk.launch = null;
    await renderApp('/en/min-app/task?campaign=spring');
    expect(await screen.findByText(/Open this page from the Telegram app/)).toBeTruthy();
    expect(fake.received(telegramCalls.miniAppCompleteTask)).toEqual([]);
  });
});
