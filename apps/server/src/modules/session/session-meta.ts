import type { FastifyRequest } from 'fastify';
import type { SignInMethod } from '@gatehouse/contract';
import { userAgentOf } from '../../lib/request-context.js';
import { requestSite } from '../../lib/request-site.js';
import { clientCountry } from '../risk/client-country.js';
import type { SessionMeta } from './session.service.js';

/**
 * What a new session records about the request that starts it (docs/flows/sessions.md): user agent
 * and address, the regional site, the country the trusted proxy named, and the way in.
 */
export function sessionMetaOf(req: FastifyRequest, method: SignInMethod): SessionMeta {
  let site: string | null = null;
  try {
    site = requestSite(req).site;
  } catch {
    // An unknown host is refused by the call itself before it gets here; nothing to record then.
  }
  return { userAgent: userAgentOf(req), ip: req.ip, site, country: clientCountry(req), method };
}
