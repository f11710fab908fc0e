import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config/index.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Translations change with a deploy but keep their names: cache briefly, then revalidate (ETag).
const SHORT = 'public, max-age=300, must-revalidate';
const FAVICONS = ['favicon.ico', 'favicon.svg'] as const;

/**
 * Files of the built web app: hashed bundles under /assets (cached for a year, with the .br/.gz
 * siblings the web build emits served to clients that accept them), translations under /locales,
 * and the favicon. index.html is never served from here: the pages plugin renders it.
 * Files are looked up per request, so a web build made after start is served without restart.
 */
const staticAssets: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const common = { index: false, serveDotFiles: false, preCompressed: true, cacheControl: false } as const;

  await app.register(fastifyStatic, {
    ...common,
    root: path.join(config.webDist, 'assets'),
    prefix: '/assets/',
    decorateReply: true,
    setHeaders: (reply) => void reply.header('cache-control', IMMUTABLE),
  });
  await app.register(fastifyStatic, {
    ...common,
    root: path.join(config.webDist, 'locales'),
    prefix: '/locales/',
    decorateReply: false,
    setHeaders: (reply) => void reply.header('cache-control', SHORT),
  });
  for (const name of FAVICONS) {
    app.get(`/${name}`, (_req, reply) =>
      reply
        .header('cache-control', 'public, max-age=86400')
        .sendFile(name, config.webDist, { cacheControl: false }),
    );
  }
};

export default staticAssets;
