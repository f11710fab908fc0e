import type { FastifyRequest } from 'fastify';
import { resolveHost, type HostMatch } from '@gatehouse/contract';

/**
 * The issuer of a protocol request: the origin of the site it came to (every regional site and
 * environment is its own issuer, as its sessions are host-only). Null for a host we do not serve.
 */
export function issuerOf(request: FastifyRequest): { issuer: string; host: HostMatch } | null {
  const host = resolveHost(request.host, request.server.config.siteDomains);
  if (!host) return null;
  // resolveHost accepted it, so request.host is a plain host[:port].
  return { issuer: `${request.protocol}://${request.host.toLowerCase()}`, host };
}
