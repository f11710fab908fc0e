// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedbackHost } from './feedback-host';
import { openModal } from './modal';
import { TOAST_DEFAULT_MS, TOAST_ERROR_MS, TOAST_SHORT_MS, toast } from './toast';

afterEach(cleanup);

describe('toasts', () => {
  it('uses the spec durations', () => {
    expect([TOAST_ERROR_MS, TOAST_SHORT_MS, TOAST_DEFAULT_MS]).toEqual([5000, 2000, 3000]);
  });

  it('loads the toaster only with the first toast, then shows queued and later toasts', async () => {
    const { container } = render(<FeedbackHost />);
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
    act(() => toast('10016: Too many requests', { durationMs: TOAST_ERROR_MS, kind: 'error' }));
    expect(await screen.findByText('10016: Too many requests')).toBeTruthy();
    act(() => toast('Second one'));
    expect(await screen.findByText('Second one')).toBeTruthy();
  });
});

describe('modals', () => {
  it('opens an accessible 480 px dialog and resolves with the button pressed', async () => {
    render(<FeedbackHost />);
    let result: Promise<string> | undefined;
    act(() => {
      result = openModal({
        title: 'Account banned',
        description: 'Until tomorrow',
        confirmLabel: 'OK',
        cancelLabel: 'Back',
      });
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.getAttribute('aria-labelledby')).toBe(screen.getByText('Account banned').id);
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Until tomorrow').id);
    expect(dialog.style.width).toBe('480px');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(result).resolves.toBe('confirm');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes on Escape with "dismiss" and shows queued dialogs one after another', async () => {
    render(<FeedbackHost />);
    let first: Promise<string> | undefined;
    let second: Promise<string> | undefined;
    act(() => {
      first = openModal({ title: 'First', confirmLabel: 'OK' });
      second = openModal({ title: 'Second', confirmLabel: 'Fine', cancelLabel: 'No' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'First' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await expect(first).resolves.toBe('dismiss');
    await screen.findByRole('dialog', { name: 'Second' });
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await expect(second).resolves.toBe('cancel');
  });

  it('ignores Escape when the dialog is not dismissible', async () => {
    render(<FeedbackHost />);
    let result: Promise<string> | undefined;
    act(() => {
      result = openModal({ title: 'Must choose', confirmLabel: 'OK', dismissible: false });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Must choose' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Must choose' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(result).resolves.toBe('confirm');
  });
});
