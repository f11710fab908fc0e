import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/index.js';
import { isLoopbackAddress } from '../config/dev-tools.js';
import { noteForLog } from '../lib/request-log.js';

/**
 * Headers a proxy or CDN adds when it passes a request on. A proxy on this host connects from
 * loopback, so the socket alone would make every visitor look local; any of these means the
 * request came from elsewhere. A local tool sending one by hand is refused too, which costs nothing.
 */
export const FORWARDING_HEADERS = [
  'forwarded',
  'via',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-server',
  'x-forwarded-prefix',
  'x-original-forwarded-for',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
] as const;

/**
 * Host names a browser on this machine uses for the local sites. A page on another origin can make
 * the browser call loopback (DNS rebinding), but its request then carries that origin's Host.
 */
function isLocalHostHeader(host: string | undefined): boolean {
  if (!host) return false;
  const name = host
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

/** Why a request may not use a development tool, or null when it may. */
export function devToolRefusal(req: FastifyRequest): string | null {
  // The socket's peer, never `req.ip`: that follows TRUST_PROXY and so believes X-Forwarded-For.
  if (!isLoopbackAddress(req.socket.remoteAddress)) return 'peer not loopback';
  if (FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined)) return 'forwarded';
  if (!isLocalHostHeader(req.headers.host)) return 'host not local';
  return null;
}

/** Whether the development tools are registered at all. */
export function devToolsOn(config: Pick<AppConfig, 'nodeEnv' | 'devTools'>): boolean {
  return config.nodeEnv !== 'production' && config.devTools !== 'off';
}

/**
 * Registered once by the development tools' plugin (dev-tools.plugin.ts), inside its encapsulated
 * context, so the hook sits on exactly the tools' routes, whatever their paths. With DEV_TOOLS=loopback a request from anywhere but this machine,
 * directly, gets the same 404 as an unknown path: from the network the tools do not exist.
 * DEV_TOOLS=network adds no hook (the start banner and the outbox page say so).
 */
export default fp<{ config: Pick<AppConfig, 'devTools'> }>(
  async (app, { config }) => {
    if (config.devTools === 'network') return;
    app.addHook('onRequest', async (req, reply) => {
      const refusal = devToolRefusal(req);
      if (refusal === null) return;
      noteForLog(req, 'info', 'development tool hidden from a non-local request (docs/configuration.md)', {
        refusal,
      });
      reply.callNotFound();
      return reply;
    });
  },
  { name: 'dev-only-guard' },
);
