import type { FastifyRequest } from 'fastify';
import { requestSite } from '../../lib/request-site.js';
import type { PasskeySite } from './passkeys.service.js';

/**
 * The WebAuthn relying party of a request: its site host (no port) as the RP ID, so each regional
 * site and environment keeps its own passkeys, and the origin the page was served from.
 */
export function passkeySiteOf(req: FastifyRequest): PasskeySite {
  const { origin, env } = requestSite(req);
  return { rpId: new URL(origin).hostname, origin, env };
}
