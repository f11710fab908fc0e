import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Environment, PageBootstrap, ResolvedSite, RouteId, SiteId } from '@gatehouse/contract';

/** The fields a module may add to the page bootstrap; the core fields belong to the pages plugin. */
export type BootstrapExtras = Partial<
  Omit<
    PageBootstrap,
    keyof ResolvedSite | 'siteDefinition' | 'apiBase' | 'product' | 'brandDomains' | 'notFound'
  >
>;

export interface BootstrapContext {
  site: SiteId;
  env: Environment;
  locale: string;
  /** The page's route; null for a 404 page. Lets a module inline what only some pages need. */
  route: RouteId | null;
  request: FastifyRequest;
}

export type BootstrapContributor = (ctx: BootstrapContext) => BootstrapExtras | Promise<BootstrapExtras>;

export interface PageBootstrapRegistry {
  /** Add fields to every rendered page's bootstrap, e.g. `({ env }) => ({ passwordKey: keyOf(env) })`. */
  contribute(fn: BootstrapContributor): void;
  /** Run every contributor for one page, in registration order. */
  collect(ctx: BootstrapContext): Promise<BootstrapExtras>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pageBootstrap: PageBootstrapRegistry;
  }
}

/**
 * Lets modules put what the web app needs at start into the page (so it needs no extra call),
 * without the pages plugin knowing every module. Register modules' contributors before `pages`.
 */
export default fp(
  async (app) => {
    const contributors: BootstrapContributor[] = [];
    app.decorate('pageBootstrap', {
      contribute: (fn) => void contributors.push(fn),
      collect: async (ctx) => {
        const extras: BootstrapExtras = {};
        for (const fn of contributors) Object.assign(extras, await fn(ctx));
        return extras;
      },
    } satisfies PageBootstrapRegistry);
  },
  { name: 'page-bootstrap' },
);
