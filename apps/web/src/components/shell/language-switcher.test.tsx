import { langStorageKey } from '@gatehouse/contract';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, TEST_PRODUCT } from '../../test/render-app';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

describe('language switcher', () => {
  it('changes the prefix in the URL, keeps path and query, stores the choice and updates <html>', async () => {
    const app = await renderApp('/en/login?redirect_url=%2Fen%2Fdashboard');
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Language' });
    expect(select.value).toBe('en');
    await act(async () => fireEvent.change(select, { target: { value: 'ar-SA' } }));
    await app.settle();
    expect(app.location.history.at(-1)).toBe('/ar-SA/login?redirect_url=%2Fen%2Fdashboard');
    expect(localStorage.getItem(langStorageKey(TEST_PRODUCT))).toBe('ar-SA');
    // The same name as a cookie, for the server's redirect of `/` on the next visit.
    expect(document.cookie).toContain(`${langStorageKey(TEST_PRODUCT)}=ar-SA`);
    expect(document.documentElement.lang).toBe('ar-SA');
    expect(document.documentElement.dir).toBe('rtl');
    expect(app.i18n.language).toBe('ar-SA');
    expect(screen.getByRole<HTMLSelectElement>('combobox').value).toBe('ar-SA');
  });

  it('offers the site languages of the page, never es-419', async () => {
    await renderApp('/en/oauth-authorized');
    const values = [...screen.getByRole<HTMLSelectElement>('combobox').options].map((o) => o.value);
    expect(values).toContain('fil-PH');
    expect(values).not.toContain('es-419');
  });
});
