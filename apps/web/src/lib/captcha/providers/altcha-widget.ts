/**
 * The ALTCHA widget, loaded only when a captcha runs. The `external` build keeps styles in a CSS
 * file and workers in their own files, so the page's strict Content-Security-Policy (no inline
 * styles without a nonce, workers from our origin) holds.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
