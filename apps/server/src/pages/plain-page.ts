import type { FastifyReply } from 'fastify';

const PAGES = {
  400: ['Bad request', 'This address or host name is not valid here.'],
  404: ['Not found', 'There is no page at this address.'],
} as const;

/**
 * A fixed, minimal page for requests we will not route (bad host, malformed path). Nothing from
 * the request is echoed, so there is nothing to inject.
 */
export function sendPlainPage(reply: FastifyReply, status: keyof typeof PAGES): FastifyReply {
  const [title, text] = PAGES[status];
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><title>${title}</title></head>` +
        `<body><h1>${title}</h1><p>${text}</p></body></html>\n`,
    );
}
