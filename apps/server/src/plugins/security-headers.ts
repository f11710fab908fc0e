import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config/index.js';
import { isApiRoute } from '../lib/route-hooks.js';
import { captchaVendorOrigins } from '../modules/captcha/captcha-config.js';
import { telegramEnabled } from '../modules/telegram/telegram-bot-token.js';
import { telegramWidgetCsp } from '../modules/telegram/telegram-csp.js';
import { frameAncestorsFor, isMiniAppPage } from './mini-app-framing.js';

/** Per-response nonce for `<style>` elements that libraries inject (see styleNonce). */
const styleNonces = new WeakMap<ServerResponse, string>();

function nonceFor(res: ServerResponse): string {
  let nonce = styleNonces.get(res);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    styleNonces.set(res, nonce);
  }
  return nonce;
}

/**
 * The nonce this response allows for `<style>` elements, or null under Vite development (where
 * 'unsafe-inline' is used instead: a nonce would disable it). Pages publish it as
 * `<meta property="csp-nonce" nonce="…">`, the convention Vite and get-nonce users read.
 */
export function styleNonce(reply: FastifyReply): string | null {
  return styleNonces.get(reply.raw) ?? null;
}

type Directive = string | ((req: unknown, res: ServerResponse) => string);

/**
 * The Content-Security-Policy. Production: scripts only from our origin (the bootstrap is a JSON
 * data block, which CSP does not treat as script), no inline style attributes in HTML (React sets
 * `style` through the CSSOM, which style-src does not govern), `<style>` elements only with the
 * per-response nonce. Only when Vite serves the app (`npm run dev`) are script/style relaxed for
 * its inline preamble and injected CSS, and connect-src for its HMR websocket: a plain
 * `node dist/server.js` gets the strict policy whatever NODE_ENV says.
 */
export function cspDirectives(config: AppConfig, viteDev: boolean): Record<string, Directive[]> {
  const dev = viteDev;
  // Third parties appear only while their feature is on: a disabled provider's origin is an
  // allowance an injected script could use and nothing of ours needs.
  const telegramOn = telegramEnabled(config);
  const directives: Record<string, Directive[]> = {
    'default-src': ["'self'"],
    'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'style-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'", (_req, res) => `'nonce-${nonceFor(res)}'`],
    // Avatars (Telegram photo_url, affiliate headimg) come from other https hosts.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    // 'none' everywhere but the Telegram Mini App's pages, which Telegram Web frames.
    'frame-ancestors': [(req) => frameAncestorsFor((req as { url?: string }).url, telegramOn)],
  };
  // Captcha vendors' scripts, frames, styles and API calls: only configured vendors, and none
  // while captchas are off.
  const captchaOrigins = captchaVendorOrigins(config.captcha);
  if (captchaOrigins.length > 0) {
    for (const name of ['script-src', 'style-src', 'connect-src'] as const) {
      directives[name] = [...(directives[name] ?? []), ...captchaOrigins];
    }
    directives['frame-src'] = [...(directives['frame-src'] ?? ["'self'"]), ...captchaOrigins];
  }
  // Telegram's Login Widget script and its login frame: only while Telegram is on, and when the
  // configured widget is Telegram's (the local stand-in is same-origin).
  const telegram = telegramOn ? telegramWidgetCsp(config.telegram) : { scriptOrigins: [], frameOrigins: [] };
  if (telegram.scriptOrigins.length > 0) {
    directives['script-src'] = [...(directives['script-src'] ?? []), ...telegram.scriptOrigins];
  }
  if (telegram.frameOrigins.length > 0) {
    directives['frame-src'] = [...(directives['frame-src'] ?? ["'self'"]), ...telegram.frameOrigins];
  }
  if (config.nodeEnv === 'production') directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The headers a helmet middleware writes, captured once (no request needed: no directive is a function). */
function headersOf(middleware: ReturnType<typeof helmet>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  // helmet only sets and removes headers on the response, which this stand-in records.
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * The CSP of an API answer: JSON is never rendered as a document, so it may load, run and frame
 * nothing (as framework-errors.ts answers before any hook runs).
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the routes under the API base (security-headers.ts): they get the fixed API header set. */
    apiSecurityHeaders?: true;
  }
}

/**
 * Security headers on every response, the very first one included (a root onRequest hook,
 * registered before every other). Helmet decides the headers; its middlewares are built once:
 *
 * - the JSON API (routes registered under the API base, decided per route when it is registered,
 *   ADR 0010) gets one fixed set computed at start — no page CSP, no nonce (ADR 0019);
 * - everything else (pages, static files, the OAuth protocol routes, 404s) gets the page policy
 *   with its per-response style nonce and, on the Telegram Mini App's pages, Telegram Web framing.
 */
export default fp<{ config: AppConfig; viteDev: boolean }>(
  async (app, { config, viteDev }) => {
    const telegramOn = telegramEnabled(config);
    const common: HelmetOptions = {
      // Cross-origin isolation headers would block the Telegram and captcha iframes/popups.
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // HSTS only where TLS is guaranteed; on http://*.localhost it would only get in the way.
      strictTransportSecurity:
        config.nodeEnv === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    };
    const pageOptions: HelmetOptions = {
      ...common,
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, viteDev) },
    };
    const page = helmet(pageOptions);
    // X-Frame-Options cannot name an origin; the Mini App's pages rely on frame-ancestors alone.
    const miniAppPage = helmet({ ...pageOptions, xFrameOptions: false });
    const api = headersOf(helmet({ ...common, contentSecurityPolicy: false }));
    const apiHeaders = { ...api, 'content-security-policy': API_CSP };

    app.addHook('onRoute', (route) => {
      if (isApiRoute(route, config.apiBase)) route.config = { ...route.config, apiSecurityHeaders: true };
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.apiSecurityHeaders) {
        reply.headers(apiHeaders);
        done();
        return;
      }
      const middleware = telegramOn && isMiniAppPage(request.url) ? miniAppPage : page;
      // helmet's next() gets an Error or nothing, as Fastify's done() takes.
      middleware(request.raw, reply.raw, done as (err?: unknown) => void);
    });
  },
  { name: 'security-headers' },
);
