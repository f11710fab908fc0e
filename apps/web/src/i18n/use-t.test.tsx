import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { createI18n, type Resource } from './i18n';
import { I18nProvider } from './i18n-context';
import type { Namespace } from './namespaces';
import { useT } from './use-t';

function Title() {
  const t = useT('inverse');
  return <h1>{t('title')}</h1>;
}

describe('useT', () => {
  it('suspends until the namespace is loaded and re-renders on a language switch', async () => {
    const files: Record<string, Resource> = {
      'en/inverse': { title: 'Log in' },
      'fr-FR/inverse': { title: 'Connexion' },
    };
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const i18n = createI18n({
      language: 'en',
      fetchResource: async (lng: string, ns: Namespace) => {
        await gate;
        return files[`${lng}/${ns}`] ?? {};
      },
    });
    // Suspense only retries inside an awaited act scope in React 19's test mode.
    await act(async () => {
      render(
        <I18nProvider i18n={i18n}>
          <Suspense fallback={<p>waiting</p>}>
            <Title />
          </Suspense>
        </I18nProvider>,
      );
    });
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => {
      release();
      await i18n.loadNamespaces(['inverse']);
    });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    await act(() => i18n.changeLanguage('fr-FR'));
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeTruthy();
  });
});
