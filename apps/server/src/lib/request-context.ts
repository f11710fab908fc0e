import type { FastifyRequest } from 'fastify';
import { HEADER } from '@gatehouse/contract';

/** The Guid header / device guid cookie (spec §3, §9): 36 characters, UUID-like. */
const GUID = /^[A-Za-z0-9-]{36}$/;

export function isDeviceGuid(value: unknown): value is string {
  return typeof value === 'string' && GUID.test(value);
}

const header = (req: FastifyRequest, name: string): string | null => {
  const value = req.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' && value !== 'null' ? value : null;
};

/** The `tx-id` header: the client's device fingerprint (spec §3). Opaque; at most 128 characters. */
export function deviceIdOf(req: FastifyRequest): string | null {
  const value = header(req, HEADER.TX_ID);
  return value && value.length <= 128 ? value : null;
}

/** The `Guid` header: the device guid cookie's value (36 characters), or null when absent or malformed. */
export function deviceGuidOf(req: FastifyRequest): string | null {
  const value = header(req, HEADER.GUID);
  return isDeviceGuid(value) ? value : null;
}

/** The page locale (`Lang` header) for mail and SMS texts, when it looks like a locale code. */
export function langOf(req: FastifyRequest): string | null {
  const value = header(req, HEADER.LANG);
  return value && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/.test(value) ? value : null;
}

export function userAgentOf(req: FastifyRequest): string | null {
  return header(req, HEADER.X_USER_AGENT) ?? header(req, 'user-agent');
}
