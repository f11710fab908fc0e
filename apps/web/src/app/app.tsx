import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { Router, type BaseLocationHook } from 'wouter';
import type { I18n } from '../i18n';
import { I18nProvider } from '../i18n';
import type { AppBootstrap } from './bootstrap';
import { BootstrapProvider } from '../lib/bootstrap-context';
import { AppShell } from '../components/shell/app-shell';
import { AppRoutes } from './router';
import { whenPageIdle } from '../lib/when-page-idle';

// 10006 and logouts in other tabs (issue 15): its own chunk, loaded once the page is idle, so no page's
// load carries it (a 10006 answered before waits for it: api/session-events.ts).
const SessionWatch = lazy(() => import('./session-watch'));

export interface AppProps {
  bootstrap: AppBootstrap;
  i18n: I18n;
  /** Tests pass wouter's memory location; the browser uses the address bar. */
  location?: { hook: BaseLocationHook; searchHook: () => string };
}

/** Providers, router and shell: everything `main.tsx` renders. */
export function App({ bootstrap, i18n, location }: AppProps) {
  const [watch, setWatch] = useState(false);
  useEffect(() => whenPageIdle(() => setWatch(true)), []);
  return (
    <StrictMode>
      <BootstrapProvider value={bootstrap}>
        <I18nProvider i18n={i18n}>
          <Router hook={location?.hook} searchHook={location?.searchHook}>
            {watch && (
              <Suspense fallback={null}>
                <SessionWatch />
              </Suspense>
            )}
            {/* Nothing renders until the shell's phrases are in; they were requested at start. */}
            <Suspense fallback={null}>
              <AppShell>
                <AppRoutes />
              </AppShell>
            </Suspense>
          </Router>
        </I18nProvider>
      </BootstrapProvider>
    </StrictMode>
  );
}
