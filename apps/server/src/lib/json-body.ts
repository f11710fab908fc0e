import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RetCode } from '@gatehouse/contract';
import { ApiError } from './api-error.js';

/** No API payload comes near this; larger bodies are refused before they are read in full. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

/** `fatal`: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Replace Fastify's JSON parser with the same parser (prototype-poisoning guard included) that
 * also reads an empty body as "no body": clients that always send `Content-Type: application/json`
 * (the spec's does) may POST without data, e.g. logout. The route schema still decides whether a
 * body is required. A body that is not UTF-8 (RFC 8259 §8.1) is refused rather than repaired: the
 * repair would silently change a name or an address into something the client never sent.
 */
export function useApiJsonParser(app: FastifyInstance, bodyLimit = API_BODY_LIMIT_BYTES): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    let text: string;
    try {
      text = typeof body === 'string' ? body : utf8.decode(body);
    } catch {
      done(new ApiError(RetCode.ParamsInvalid, 'the body is not valid UTF-8', 400), undefined);
      return;
    }
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
    throw new ApiError(RetCode.UnsupportedMediaType, undefined, 415);
  }
}
