import { readFile } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { Reader, type CountryResponse } from 'mmdb-lib';
import { clientCountry } from '../risk/client-country.js';

/** Where a visitor is, as an upper-case alpha-2 country, or null when unknown. */
export type VisitorCountry = (req: FastifyRequest) => Promise<string | null>;

/**
 * The visitor's country (issue 13): the trusted proxy header first (risk/client-country.ts, read
 * only with TRUST_PROXY), else the configured MaxMind-format database (GEOIP_DB_FILE) at the
 * client address, else unknown. The database is read on first use and kept; a file that cannot be
 * read or parsed is logged once and the country is unknown from then on (the site still serves).
 */
export function createVisitorCountry(
  dbFile: string | null,
  log: { warn(obj: unknown, msg: string): void },
): VisitorCountry {
  let reader: Promise<Reader<CountryResponse> | null> | null = null;
  const open = () =>
    (reader ??= readFile(dbFile as string)
      .then((buf) => new Reader<CountryResponse>(buf))
      .catch((err: unknown) => {
        log.warn({ err, file: dbFile }, 'GEOIP_DB_FILE could not be read: visitor countries are unknown');
        return null;
      }));
  return async (req) => {
    const header = clientCountry(req);
    if (header !== null) return header.slice(0, 2);
    if (dbFile === null) return null;
    const db = await open();
    if (!db) return null;
    try {
      const hit = db.get(req.ip);
      const iso = hit?.country?.iso_code ?? hit?.registered_country?.iso_code;
      return typeof iso === 'string' && /^[A-Z]{2}$/.test(iso) ? iso : null;
    } catch {
      // Not an address the database can look up (e.g. IPv6 in an IPv4-only file).
      return null;
    }
  };
}
