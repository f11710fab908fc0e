import { RetCode } from '@gatehouse/contract';
import * as qrCalls from '@gatehouse/contract/endpoints/qr-login';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { fail, ok, apiFakeForFile } from '../../test/api-fake';

const fake = apiFakeForFile();

// Generous waits: the machine running the suite may be busy.
const SLOW = { timeout: 5_000 };
const UUID = '0b9d5c9e-8f1a-4c3e-9d2b-1a2b3c4d5e6f';
const ASKING = {
  site: 'eu.gatehouse.test',
  browser: 'Firefox',
  os: 'Windows',
  country: 'DE',
  requested_at: Date.UTC(2025, 0, 2, 3, 4),
  expires_in: 100,
};

describe('/qr-confirm', () => {
  it('shows which site, browser, location and time ask, and confirms', async () => {
    fake.answer(qrCalls.qrScan, ok(ASKING));
    fake.answer(qrCalls.qrConfirm, ok({ confirmed: true }));
    await renderApp(`/en/qr-confirm?uuid=${UUID}`);
    await screen.findByRole('heading', { name: 'Who is asking to log in?' }, SLOW);
    expect(screen.getByText('eu.gatehouse.test')).toBeTruthy();
    expect(screen.getByText('Firefox on Windows')).toBeTruthy();
    expect(screen.getByText('Germany')).toBeTruthy();
    expect(document.querySelector('time')?.getAttribute('dateTime')).toBe('2025-01-02T03:04:00.000Z');
    expect(fake.received(qrCalls.qrScan)[0]).toEqual({ uuid: UUID });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    await screen.findByText('Done: the other browser is now logged in to your account.', undefined, SLOW);
    expect(fake.received(qrCalls.qrConfirm)).toEqual([{ uuid: UUID }]);
    expect(fake.received(qrCalls.qrCancel)).toEqual([]);
  });

  it('refuses, with "unknown" for what the server could not tell', async () => {
    fake.answer(qrCalls.qrScan, ok({ ...ASKING, browser: null, os: null, country: null }));
    fake.answer(qrCalls.qrCancel, ok({ cancelled: true }));
    await renderApp(`/en/qr-confirm?uuid=${UUID}`);
    await screen.findByRole('heading', { name: 'Who is asking to log in?' }, SLOW);
    expect(screen.getAllByText('Unknown')).toHaveLength(2);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    });
    await screen.findByText('Refused: the other browser was not logged in.', undefined, SLOW);
    expect(fake.received(qrCalls.qrCancel)).toEqual([{ uuid: UUID }]);
  });

  it('sends an anonymous visitor to log in first, and back here after', async () => {
    fake.answer(qrCalls.qrScan, fail(RetCode.SessionExpired));
    const app = await renderApp(`/en/qr-confirm?uuid=${UUID}`);
    await waitFor(() =>
      expect(app.location.history.at(-1)).toBe(
        `/en/login?redirect_url=${encodeURIComponent(`/en/qr-confirm?uuid=${UUID}`)}`,
      ),
    );
  });

  it('says so when the code has expired, was used, or is taken (31010), or is not a code', async () => {
    fake.answer(qrCalls.qrScan, fail(RetCode.QrCodeExpired));
    await renderApp(`/en/qr-confirm?uuid=${UUID}`);
    await screen.findByText(
      'This QR code has expired or was already used. Show a new one on the login page.',
      undefined,
      SLOW,
    );
    cleanup();

    fake.answer(qrCalls.qrScan, fail(RetCode.ParamsInvalid));
    await renderApp('/en/qr-confirm?uuid=nonsense');
    await screen.findByText('This QR code is not valid. Show a new one on the login page.', undefined, SLOW);
    cleanup();

    // Without a uuid there is nothing to ask the server.
    const asked = fake.received(qrCalls.qrScan).length;
    await renderApp('/en/qr-confirm');
    await screen.findByText('This QR code is not valid. Show a new one on the login page.', undefined, SLOW);
    expect(fake.received(qrCalls.qrScan)).toHaveLength(asked);
  });

  it('a confirm that comes too late says the code expired', async () => {
    fake.answer(qrCalls.qrScan, ok(ASKING));
    fake.answer(qrCalls.qrConfirm, fail(RetCode.QrCodeExpired));
    await renderApp(`/en/qr-confirm?uuid=${UUID}`);
    // The asking browser's details first: until they show, "Log in" may be another button (the header's).
    await screen.findByRole('heading', { name: 'Who is asking to log in?' }, SLOW);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    await screen.findByText(
      'This QR code has expired or was already used. Show a new one on the login page.',
      undefined,
      SLOW,
    );
  });
});
