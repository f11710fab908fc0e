import type { FastifyRequest } from 'fastify';
import { OAuthProtocolError } from './oauth-protocol-error.js';
import type { ClientCredentials } from './oauth-token.service.js';

/** RFC 6749 §2.3.1: client id and secret are form-urlencoded before Basic encoding. */
function formDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

/**
 * Read the client's credentials: `client_secret_basic` (Authorization header),
 * `client_secret_post` (form fields) or none (public client: client_id only). More than one
 * method in one request is refused (RFC 6749 §2.3).
 */
export function clientCredentialsOf(
  request: FastifyRequest,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
): ClientCredentials {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header.trim());
    const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon <= 0)
      throw new OAuthProtocolError(
        'invalid_client',
        'malformed Basic credentials',
        401,
        'Basic realm="oauth"',
      );
    let clientId: string;
    let secret: string;
    try {
      clientId = formDecode(decoded.slice(0, colon));
      secret = formDecode(decoded.slice(colon + 1));
    } catch {
      throw new OAuthProtocolError(
        'invalid_client',
        'malformed Basic credentials',
        401,
        'Basic realm="oauth"',
      );
    }
    if (body.client_secret !== undefined)
      throw new OAuthProtocolError('invalid_request', 'use one client authentication method');
    if (body.client_id !== undefined && body.client_id !== clientId)
      throw new OAuthProtocolError('invalid_request', 'client_id differs from the authenticated client');
    return { clientId, secret, via: 'basic' };
  }
  return {
    clientId: body.client_id,
    secret: body.client_secret,
    via: body.client_secret === undefined ? 'none' : 'post',
  };
}
