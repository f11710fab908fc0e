import { createRoot } from 'react-dom/client';
import { configureApi } from './api/config';
import { listenForLogoutEarly } from './api/logout-channel';
import { App } from './app/app';
import { readBootstrap } from './app/bootstrap';
import { preloadPage } from './app/router';
import { loadMonitors } from './app/load-monitors';
import { createI18n, START_NAMESPACES } from './i18n';
import { parsePageLocation } from './lib/page-location';
import { setPageWebConfig } from './lib/web-config/page-web-config';

const bootstrap = readBootstrap();
const i18n = createI18n({ language: bootstrap.translationLocale });
// Ask for the phrases before React starts. The server's HTML preloads the same files (contract
// `startLocaleFiles`), so these calls take downloads already under way beside the entry.
void i18n.loadNamespaces(START_NAMESPACES);
// Feature flags and the sign-up variant without a call (issue 12).
setPageWebConfig(bootstrap.webConfig);
// The page's module, whose download the HTML started: in by the time the phrases are (app/router.tsx).
const { route } = parsePageLocation(bootstrap.siteDefinition, window.location.pathname);
if (route && !bootstrap.notFound) preloadPage(route.id);
// The platform header is detected on the first call; the Telegram feature sets it from the Mini App.
configureApi({ baseUrl: bootstrap.apiBase, translator: i18n });
loadMonitors();
// A logout in another tab counts from now, though the session watch loads once the page is idle.
listenForLogoutEarly();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App bootstrap={bootstrap} i18n={i18n} />);
