import type { FastifyRequest } from 'fastify';
import { deviceGuidOf } from '../../lib/request-context.js';

/**
 * After a login or sign-up succeeds: if the body carries the `tg_pending_id` that an unbound
 * Telegram third-party login handed out (40004), bind that Telegram account to this account.
 * Answers the `tg_bind_result` for the response, or undefined when there was nothing to bind.
 */
export async function completePendingTelegramBind(
  req: FastifyRequest,
  userId: string,
  via: 'login' | 'register',
): Promise<string | undefined> {
  const pendingId = (req.body as { tg_pending_id?: string } | null | undefined)?.tg_pending_id;
  if (!pendingId) return undefined;
  return req.server.telegram.completePendingBind(pendingId, userId, { via, guid: deviceGuidOf(req) });
}
