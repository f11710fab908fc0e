import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/index.js';
import { DEV_TOOLS_NETWORK_WARNING } from '../../config/dev-tools.js';
import { styleNonce } from '../../plugins/security-headers.js';
import { renderOutboxPage } from './outbox-page.js';
import type { OutboxMessage, OutboxReader } from './outbox.service.js';

const query = z.object({
  to: z.string().trim().min(1).max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

const messageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  kind: z.string(),
  locale: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** The one-time code the message carries, so a test need not parse the text. */
  code: z.string().nullable(),
  link: z.string().nullable(),
  status: z.enum(['stored', 'sent', 'failed']),
  created_at: z.number(),
});

const toJson = (m: OutboxMessage): z.infer<typeof messageSchema> => ({
  id: m.id,
  channel: m.channel,
  to: m.recipient,
  kind: m.kind,
  locale: m.locale,
  subject: m.subject,
  body: m.body,
  code: m.code,
  link: m.link,
  status: m.status,
  created_at: m.created_at,
});

/**
 * `GET /dev/outbox` (HTML) and `GET /dev/outbox.json?to=&limit=` (JSON `{ messages }`, newest
 * first): what the server sent, for developers and tests. Registered only by the development tools
 * (dev/dev-tools.plugin.ts): never in production nor with DEV_TOOLS=off, where they answer 404 like
 * any unknown path; elsewhere only this machine reaches them, unless DEV_TOOLS=network (dev-only-guard.ts).
 */
const outboxRoutes: FastifyPluginAsyncZod<{ config: AppConfig; outbox: OutboxReader }> = async (
  app,
  { config, outbox },
) => {
  // Dev tools are hidden from the OpenAPI document and never cached.
  const common = { hide: true, tags: ['dev'] };

  app.get(
    '/dev/outbox.json',
    {
      schema: {
        ...common,
        querystring: query,
        response: { 200: z.object({ messages: z.array(messageSchema) }) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await outbox.latest({
        limit: req.query.limit,
        ...(req.query.to ? { recipient: req.query.to } : {}),
      });
      return { messages: rows.map(toJson) };
    },
  );

  app.get('/dev/outbox', { schema: { ...common, querystring: query } }, async (req, reply) => {
    const rows = await outbox.latest({
      limit: req.query.limit,
      ...(req.query.to ? { recipient: req.query.to } : {}),
    });
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        renderOutboxPage(rows, {
          styleNonce: styleNonce(reply),
          ...(req.query.to ? { recipient: req.query.to } : {}),
          ...(config.devTools === 'network' ? { exposureWarning: DEV_TOOLS_NETWORK_WARNING } : {}),
        }),
      );
  });
};

export default outboxRoutes;
