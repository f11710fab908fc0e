import type { FastifyRequest } from 'fastify';
import { deviceGuidOf } from '../../lib/request-context.js';

/**
 * After a login or sign-up succeeds: if the body carries the `third_pending_id` that an unbound
 * Google or Apple login handed out (40004), bind that identity to this account (login-and-bind,
 * register-and-bind). Answers the `third_bind_result`, or undefined when there was nothing to bind.
 */
export async function completePendingSocialBind(
  req: FastifyRequest,
  userId: string,
  via: 'login' | 'register',
): Promise<string | undefined> {
  const pendingId = (req.body as { third_pending_id?: string } | null | undefined)?.third_pending_id;
  if (!pendingId) return undefined;
  return req.server.socialLogin.completePendingBind(pendingId, userId, { via, guid: deviceGuidOf(req) });
}
