import { createRoot } from 'react-dom/client';
import { configureApi } from './api/config';
import { App } from './app/app';
import { readBootstrap } from './app/bootstrap';
import { loadMonitors } from './app/load-monitors';
import { createI18n } from './i18n';

const bootstrap = readBootstrap();
const i18n = createI18n({ language: bootstrap.translationLocale });
// Ask for the phrases before React starts, so they download while the first render and chunks run.
void i18n.loadNamespaces(['global', 'inverse']);
// The platform header is detected on the first call; the Telegram feature sets it from the Mini App.
configureApi({ baseUrl: bootstrap.apiBase, translator: i18n });
loadMonitors();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App bootstrap={bootstrap} i18n={i18n} />);
