import type { FastifyRequest } from 'fastify';
import {
  HEADER,
  RetCode,
  resolveHost,
  resolveSiteLocale,
  type HostMatch,
  type PageKind,
} from '@gatehouse/contract';
import { ApiError } from './api-error.js';

export interface RequestSite extends HostMatch {
  /** The origin the request came to, e.g. `http://eu.localhost:3000` (links in mail point here). */
  origin: string;
}

/**
 * Site and environment of an API request, from its Host header, exactly as pages resolve them
 * (`resolveHost` with the configured domains). An unknown host is refused: everything an API
 * call does (blocked countries, regulated-site rules, the password key) depends on the site.
 */
export function requestSite(request: FastifyRequest): RequestSite {
  const match = resolveHost(request.host, request.server.config.siteDomains);
  if (!match) throw new ApiError(RetCode.ParamsInvalid, 'Unknown host');
  // resolveHost accepted the host, so it is a plain host[:port].
  return { ...match, origin: `${request.protocol}://${request.host.toLowerCase()}` };
}

/**
 * The page locale of a request: an explicit value (body or query), else the `Lang` header the
 * client always sends, validated against the site's languages (§5 fallback).
 */
export function requestLocale(
  request: FastifyRequest,
  site: HostMatch['site'],
  explicit?: string | null,
  page: PageKind = 'other',
): string {
  const header = request.headers[HEADER.LANG.toLowerCase()];
  const requested = explicit ?? (typeof header === 'string' && header !== '' ? header : null);
  return resolveSiteLocale(site, requested, { page });
}
