import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer serialised, tagged and compressed once, then sent as bytes to everyone who asks for
 * it (ADR 0019): the public answers that depend only on the site and the language (the country
 * list, the web config) cost a lookup per request instead of a serialisation and, where the client
 * accepts it, a compression.
 */
export interface PrecomputedAnswer {
  /** The JSON as the route's serializer wrote it. */
  readonly json: string;
  readonly identity: Buffer;
  /** Weak (`W/"…"`): the same tag for every content coding of the same JSON. */
  readonly etag: string;
  /** Compressed forms, only where they are smaller. */
  readonly encoded: ReadonlyMap<Encoding, Buffer>;
  /** Their codings, the preferred first (the negotiation's order among equal q-values). */
  readonly encodings: readonly Encoding[];
}

type Encoding = 'br' | 'gzip';

/** Below this, compression saves less than a packet and costs the client a decoder run. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Serialise once: `json` is what the route's own serializer wrote (`reply.serialize(envelope)`), so
 * the bytes are those any other answer of the route would have. Compressed at the highest levels:
 * it happens once per answer, not per request. Pass the answer it replaces (`previous`): when the
 * JSON has not changed it is kept as it is, compressed forms included.
 */
export function precomputeAnswer(json: string, previous?: PrecomputedAnswer): PrecomputedAnswer {
  if (previous?.json === json) return previous;
  const identity = Buffer.from(json, 'utf8');
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const encoded = new Map<Encoding, Buffer>();
  if (identity.length >= COMPRESS_FROM_BYTES) {
    const br = brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    });
    const gzip = gzipSync(identity, { level: constants.Z_BEST_COMPRESSION });
    if (br.length < identity.length) encoded.set('br', br);
    if (gzip.length < identity.length) encoded.set('gzip', gzip);
  }
  return { json, identity, etag, encoded, encodings: [...encoded.keys()] };
}

/** `envelope` as the route's response serializer writes it (the text precomputeAnswer takes). */
export function serializeAnswer(reply: FastifyReply, envelope: unknown): string {
  const json = reply.serialize(envelope);
  if (typeof json !== 'string') throw new Error('a route serializer wrote bytes, not JSON text');
  return json;
}

/** Whether an If-None-Match header names this tag (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * Send a precomputed answer: its ETag; 304 without a body when a GET's If-None-Match names it;
 * else the best encoding the client accepts (Accept-Encoding), or the JSON as is. The caller sets
 * its cache headers as for any answer (cache-headers.ts does it for GET routes with a lifetime).
 */
export function sendPrecomputed(request: FastifyRequest, reply: FastifyReply, answer: PrecomputedAnswer) {
  const vary = reply.getHeader('vary');
  void reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  void reply.header('etag', answer.etag);
  const conditional = request.method === 'GET' || request.method === 'HEAD';
  if (conditional && matchesEtag(request.headers['if-none-match'], answer.etag)) {
    return reply.code(304).send();
  }
  void reply.type('application/json; charset=utf-8');
  const accepted = request.headers['accept-encoding'];
  // negotiate() takes a mutable list; it does not change it.
  const encoding =
    accepted && answer.encodings.length > 0 ? negotiate(accepted, answer.encodings as Encoding[]) : null;
  const body = encoding ? answer.encoded.get(encoding) : undefined;
  if (encoding && body) return reply.header('content-encoding', encoding).send(body);
  return reply.send(answer.identity);
}
