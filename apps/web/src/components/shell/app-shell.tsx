import type { ShellFlags } from '@gatehouse/contract';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { usePageLocation } from '../../lib/page-location';
import { markPageShown, whenPageIdle } from '../../lib/when-page-idle';
import { useDocumentLocale } from './use-document-locale';
import { CookieBanner } from './cookie-banner';
import { Footer } from './footer';
import { Header } from './header';
import { PageLoading } from './page-loading';
import './shell.css';

const ShellExtras = lazy(() => import('./shell-extras'));

/** A 404 keeps the header (a way out), has no copyright footer and the light theme. */
const NOT_FOUND_SHELL: ShellFlags = { header: true, footer: false, authTheme: false };

/**
 * The frame around every page. Which parts show comes from the route's shell flags in the contract.
 * The dark theme is opt-in by `?theme=dark` only (the embedding app or site decides), not by
 * prefers-color-scheme: the exchange's pages around the login are light unless told otherwise.
 * The page itself comes from the app's router as `children`: the shell imports no feature.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { route, locale } = usePageLocation();
  const search = useSearch();
  useDocumentLocale(locale);
  const shell = route?.shell ?? NOT_FOUND_SHELL;
  // The toast and modal host, once the page is idle (shell-extras.tsx).
  const [extras, setExtras] = useState(false);
  useEffect(() => whenPageIdle(() => setExtras(true)), []);
  const dark = shell.authTheme && new URLSearchParams(search).get('theme') === 'dark';

  return (
    <div className={dark ? 'gh-app gh-theme-dark' : 'gh-app'}>
      {shell.header && <Header page={route?.page ?? 'other'} />}
      {/* The footer arrives with the page, never before it: painted under the loading placeholder it
          would jump down when the taller page comes in, a layout shift (CLS) on every first visit. */}
      <Suspense fallback={<LoadingMain />}>
        <main className="gh-main">
          {children}
          <PageShown />
        </main>
        {shell.footer && <Footer />}
        {/* With the page, not once idle: a first visit sees the banner in the first view, and a
            block of text painted a second later would be the page's largest contentful paint. */}
        <CookieBanner />
      </Suspense>
      {extras && (
        <Suspense fallback={null}>
          <ShellExtras />
        </Suspense>
      )}
    </div>
  );
}

function LoadingMain() {
  return (
    <main className="gh-main">
      <PageLoading />
    </main>
  );
}

/** Rendered after the page, inside its Suspense boundary: its effect runs once the page is on screen. */
function PageShown() {
  useEffect(markPageShown, []);
  return null;
}
