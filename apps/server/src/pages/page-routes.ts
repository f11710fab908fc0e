import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  decidePage,
  langStorageKey,
  resolveHost,
  SITES,
  startLocaleFiles,
  textDirection,
  translationLocale,
  type PageBootstrap,
} from '@gatehouse/contract';
import type { AppConfig } from '../config/index.js';
import { WEB_SOURCE_ROOT } from '../config/repo-paths.js';
import { isUnderApiBase } from '../lib/request-target.js';
import { styleNonce } from '../plugins/security-headers.js';
import { builtInTemplate, fillTemplate, readDistIndex } from './html-template.js';
import { headTags } from './page-head.js';
import { createPageMeta } from './page-meta.js';
import { readRouteAssets, type RouteAssetTable } from './route-assets.js';
import { sendPlainPage } from './plain-page.js';
import type { ViteLike } from './vite-like.js';

export interface PagesOptions {
  config: AppConfig;
  /** Development: index.html comes from the web source through Vite's transforms. */
  vite?: ViteLike;
}

/** A redirect target we are willing to put in a Location header: one leading `/`, printable ASCII. */
const SAFE_LOCATION = /^\/(?![/\\])[\x21-\x7e]*$/;

/**
 * Every GET that no other route claims is a page: Host → site and environment, then the
 * contract's page decision → redirect, the app's index.html with the bootstrap inlined, a 404
 * page, or a fixed 400 page. API paths are never pages.
 */
const pages: FastifyPluginAsync<PagesOptions> = async (app, { config, vite }) => {
  const distIndex = readDistIndex(config.webDist);
  const fallback = builtInTemplate(config.brandName);
  // The language the visitor chose (the web's language switcher sets it beside local storage).
  const langCookie = langStorageKey(config.brandName);
  if (!distIndex && !vite) app.log.warn('no index.html in WEB_DIST: pages use the built-in template');
  // The route's chunks beyond the entry's, from the web build (none with Vite's dev server, which
  // serves modules one by one).
  const builtAssets = vite ? null : readRouteAssets(config.webDist);
  const meta = createPageMeta(config.localesDir, config.brandName);

  /** Read once in production; per request in development, so a rebuilt web app shows at once. */
  async function template(url: string): Promise<string> {
    if (vite) {
      const source = await fs.readFile(path.join(WEB_SOURCE_ROOT, 'index.html'), 'utf8');
      return vite.transformIndexHtml(url, source);
    }
    if (config.nodeEnv === 'development') return readDistIndex(config.webDist) ?? fallback;
    return distIndex ?? fallback;
  }

  /** Like the template: read once in production, per request in development (a rebuilt app). */
  function routeAssets(): RouteAssetTable | null {
    if (vite || config.nodeEnv !== 'development') return builtAssets;
    return readRouteAssets(config.webDist);
  }

  async function handle(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const url = req.url;
    // The URL is canonical here (plugins/canonical-path.ts), so its prefix is the path's.
    if (isUnderApiBase(url, config.apiBase)) {
      reply.callNotFound();
      return reply;
    }
    const host = resolveHost(req.host, config.siteDomains);
    if (!host) return sendPlainPage(reply, 400);

    const q = url.indexOf('?');
    const decision = decidePage({
      site: host.site,
      pathname: q === -1 ? url : url.slice(0, q),
      search: q === -1 ? '' : url.slice(q),
      acceptLanguage: req.headers['accept-language'] ?? null,
      // Only a locale this site offers is used (decidePage matches it against the site's list).
      chosenLanguage: req.cookies[langCookie] ?? null,
    });

    if (decision.kind === 'bad-request') return sendPlainPage(reply, 400);
    if (decision.kind === 'redirect') {
      // The contract promises a same-origin path; check again, since a header is at stake.
      if (!SAFE_LOCATION.test(decision.location)) return sendPlainPage(reply, 400);
      return reply
        .header('cache-control', 'no-store')
        .header('vary', 'Accept-Language, Cookie')
        .redirect(decision.location, 302);
    }

    const locale = decision.locale;
    const dir = textDirection(locale);
    const route = decision.kind === 'render' ? decision.route.id : null;
    const extras = await app.pageBootstrap.collect({
      site: host.site,
      env: host.env,
      locale,
      route,
      request: req,
    });
    const bootstrap: PageBootstrap = {
      ...extras,
      site: host.site,
      env: host.env,
      locale,
      translationLocale: translationLocale(locale),
      dir,
      // The host passed resolveHost's strict check, so it is a plain host[:port].
      origin: `${req.protocol}://${req.host.toLowerCase()}`,
      siteDefinition: SITES[host.site],
      apiBase: config.apiBase,
      product: config.brandName,
      brandDomains: config.brandDomains,
      // The store links only where they are shown: no page but this one carries them.
      ...(decision.kind === 'render' && decision.route.id === 'download'
        ? { appDownload: config.appDownload }
        : {}),
      ...(decision.kind === 'not-found' ? { notFound: true as const } : {}),
    };
    // What the page fetches at start, named in its HTML so the browser fetches it beside the entry
    // (issue 12): the route's chunks and the start translation files, exactly as the app asks for them.
    const assets = route ? routeAssets()?.get(route) : undefined;
    const html = fillTemplate(await template(url), {
      bootstrap,
      lang: locale,
      dir,
      styleNonce: styleNonce(reply),
      headTags: headTags({
        description: meta.description(bootstrap.translationLocale, route ?? 'not-found'),
        modules: (assets?.js ?? []).map((file) => `/${file}`),
        styles: (assets?.css ?? []).map((file) => `/${file}`),
        fetches: startLocaleFiles(bootstrap.translationLocale),
      }),
    });
    return reply
      .code(decision.kind === 'not-found' ? 404 : 200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  }

  app.get('/*', handle);
};

export default pages;
