import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RetCode } from '@gatehouse/contract';
import { ApiError } from './api-error.js';

/** No API payload comes near this; larger bodies are refused before they are read in full. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Replace Fastify's JSON parser with the same parser (prototype-poisoning guard included) that
 * also reads an empty body as "no body": clients that always send `Content-Type: application/json`
 * (the spec's does) may POST without data, e.g. logout. The route schema still decides whether a
 * body is required.
 */
export function useApiJsonParser(app: FastifyInstance, bodyLimit = API_BODY_LIMIT_BYTES): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(request, text, done);
  });
}

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * The API only speaks JSON. Fastify would happily parse text/plain, so a body of any other type
 * is refused with 415 before it is read (this also keeps cross-site "simple" form posts out).
 */
export function assertJsonBody(request: FastifyRequest): void {
  if (!hasBody(request)) return;
  const type = request.headers['content-type'] ?? '';
  if (!JSON_MEDIA_TYPE.test(type)) {
    throw new ApiError(RetCode.UNSUPPORTED_MEDIA_TYPE, undefined, 415);
  }
}
