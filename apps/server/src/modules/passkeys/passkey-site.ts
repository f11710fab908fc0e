import type { FastifyRequest } from 'fastify';
import { RetCode } from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import { requestSite } from '../../lib/request-site.js';
import type { PasskeySite } from './passkeys.service.js';

/**
 * The WebAuthn relying party of a request: its site host (no port) as the RP ID, so each regional
 * site and environment keeps its own passkeys, and the origin the page was served from. A Host no
 * browser could have sent (`localhost:99999`) names no origin: the request is refused, not failed.
 */
export function passkeySiteOf(req: FastifyRequest): PasskeySite {
  const { origin, env } = requestSite(req);
  if (!URL.canParse(origin)) throw new ApiError(RetCode.ParamsInvalid);
  return { rpId: new URL(origin).hostname, origin, env };
}
