import { QR_POLL_INTERVAL_MS, RetCode } from '@gatehouse/contract';
import * as qrCalls from '@gatehouse/contract/endpoints/qr-login';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { fail, ok, apiFakeForFile } from '../../test/api-fake';

const fake = apiFakeForFile();

const UUID_1 = '0b9d5c9e-8f1a-4c3e-9d2b-1a2b3c4d5e6f';
const UUID_2 = '1c8e6d0f-9a2b-4d4f-8e3c-2b3c4d5e6f70';
// Polls run on the real clock (every 2 s): a few rounds fit in the wait.
const POLLS = { timeout: QR_POLL_INTERVAL_MS * 4 };

async function openPanel(path = '/en/login') {
  const app = await renderApp(path, testBootstrap('global', { passwordKey: 'test-key' }));
  const toggle = screen.getByRole('button', { name: 'Use a QR code instead' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  // Nothing of the QR login is asked for before the visitor opens it.
  expect(fake.received(qrCalls.qrGenerate)).toEqual([]);
  await act(async () => {
    fireEvent.click(toggle);
  });
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(toggle.getAttribute('aria-controls')).toBe('login-qr');
  return { app, toggle };
}

const qrImage = () => screen.findByRole('img', { name: 'QR code to log in on this browser' }, POLLS);

describe('login page: QR-code login', () => {
  it('shows a QR code of /{lang}/qr-confirm, then "scanned", then follows the after-login redirect', async () => {
    fake.answer(qrCalls.qrGenerate, ok({ uuid: UUID_1, expires_in: 120 }));
    const states = ['waiting', 'scanned', 'confirmed'] as const;
    let poll = 0;
    fake.answer(qrCalls.qrStatus, () => {
      const state = states[Math.min(poll++, states.length - 1)] ?? 'confirmed';
      return ok(state === 'confirmed' ? { state, user_id: 1234567890 } : { state });
    });
    const { app } = await openPanel(`/en/login?redirect_url=${encodeURIComponent('/en/dashboard?from=qr')}`);

    const image = await qrImage();
    expect(image.getAttribute('data-qr-text')).toBe(`${window.location.origin}/en/qr-confirm?uuid=${UUID_1}`);
    expect(image.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(document.getElementById('login-qr')?.getAttribute('aria-labelledby')).toBe('login-qr-title');

    await screen.findByText('Scanned — confirm on your phone.', undefined, POLLS);
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard?from=qr'), POLLS);
    expect(fake.received(qrCalls.qrStatus).every((query) => query.uuid === UUID_1)).toBe(true);
  });

  it('replaces an expired code with a new one', async () => {
    let generated = 0;
    fake.answer(qrCalls.qrGenerate, () => ok({ uuid: generated++ ? UUID_2 : UUID_1, expires_in: 120 }));
    fake.answer(qrCalls.qrStatus, (query) =>
      query.uuid === UUID_1 ? ok({ state: 'expired' }) : ok({ state: 'waiting' }),
    );
    await openPanel();
    await waitFor(
      async () => expect((await qrImage()).getAttribute('data-qr-text')).toContain(UUID_2),
      POLLS,
    );
    expect(fake.received(qrCalls.qrGenerate)).toHaveLength(2);
  });

  it('says when the phone refused, and offers a new code; 31010 is an expired code too', async () => {
    fake.answer(qrCalls.qrGenerate, ok({ uuid: UUID_1, expires_in: 120 }));
    fake.answer(qrCalls.qrStatus, ok({ state: 'cancelled' }));
    await openPanel();
    await screen.findByText('The login was refused on your phone.', undefined, POLLS);
    expect(screen.queryByRole('img', { name: 'QR code to log in on this browser' })).toBeNull();

    fake.answer(qrCalls.qrGenerate, ok({ uuid: UUID_2, expires_in: 120 }));
    fake.answer(qrCalls.qrStatus, (query) =>
      query.uuid === UUID_2 ? fail(RetCode.QrCodeExpired) : ok({ state: 'cancelled' }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show a new QR code' }));
    });
    await waitFor(() => expect(fake.received(qrCalls.qrGenerate).length).toBeGreaterThanOrEqual(3), POLLS);
  });

  it('stops polling when the panel closes', async () => {
    fake.answer(qrCalls.qrGenerate, ok({ uuid: UUID_1, expires_in: 120 }));
    fake.answer(qrCalls.qrStatus, ok({ state: 'waiting' }));
    const { toggle } = await openPanel();
    await qrImage();
    await act(async () => {
      fireEvent.click(toggle);
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('login-qr')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, QR_POLL_INTERVAL_MS * 1.5));
    expect(fake.received(qrCalls.qrStatus)).toEqual([]);
  });
});
