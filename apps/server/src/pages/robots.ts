import type { FastifyPluginAsync } from 'fastify';

/**
 * Search engines may index the login and sign-up pages (with or without a locale prefix);
 * OAuth screens are per-request consent flows and the API is not for crawlers.
 */
export function robotsTxt(apiBase: string): string {
  const allow = ['/login', '/register', '/sign-up'];
  const disallow = ['/oauth', '/authorized', '/tr-authorized'];
  return [
    'User-agent: *',
    ...allow.flatMap((p) => [`Allow: ${p}`, `Allow: /*${p}`]),
    ...disallow.flatMap((p) => [`Disallow: ${p}`, `Disallow: /*${p}`]),
    `Disallow: ${apiBase}/`,
    'Disallow: /dev/',
    '',
  ].join('\n');
}

const robots: FastifyPluginAsync<{ apiBase: string }> = async (app, { apiBase }) => {
  const body = robotsTxt(apiBase);
  app.get('/robots.txt', async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body),
  );
};

export default robots;
