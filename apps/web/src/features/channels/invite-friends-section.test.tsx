import * as channelCalls from '@gatehouse/contract/endpoints/channels';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { answerLoggedInUser, apiFakeForFile, ok } from '../../test/api-fake';

const fake = apiFakeForFile();

describe('dashboard: invite friends', () => {
  it('shows the code, the link with a copy button and a QR code, and the invitee count', async () => {
    answerLoggedInUser(fake);
    fake.answer(channelCalls.inviteSummary, ok({ code: 'ABCD2345', invitees: 3 }));
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderApp('/en/dashboard', testBootstrap('global', { origin: 'http://localhost:3000' }));
    expect((await screen.findByTestId('invite-code', {}, { timeout: 8000 })).textContent).toBe('ABCD2345');
    const link = 'http://localhost:3000/en/invite?ref=ABCD2345';
    expect(screen.getByTestId('invite-link').textContent).toBe(link);
    expect(screen.getByTestId('invitee-count').textContent).toBe('People who signed up with your code: 3');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Link copied.')).toBeTruthy();
    const qr = await screen.findByRole('img', { name: 'QR code of your invite link' });
    expect(qr.getAttribute('data-qr-text')).toBe(link);
  }, 15_000);
});
