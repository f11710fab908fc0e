import type { FastifyReply } from 'fastify';

/**
 * The page for an authorization request whose client_id / redirect_uri pair is not registered.
 * RFC 6749 §4.1.2.1 and RFC 9700 §4.1: such a request must never be redirected anywhere, or the
 * server becomes an open redirector. Fixed text: nothing from the request is echoed.
 */
export function sendOAuthErrorPage(reply: FastifyReply): FastifyReply {
  return reply
    .code(400)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      '<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><title>Invalid sign-in request</title></head>' +
        '<body><h1>Invalid sign-in request</h1><p>The application that sent you here is not registered with us, ' +
        'or the return address it gave is not one it registered. You have not been signed in to it; ' +
        'close this page and contact the application.</p></body></html>\n',
    );
}
