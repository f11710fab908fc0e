import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  HEADER,
  maskLoginName,
  platformKindSchema,
  signupChannelSchema,
  type RegisterDoneResult,
  type SignupChannel,
} from '@gatehouse/contract';
import { ok } from '../../lib/envelope.js';
import { requestLocale, requestSite } from '../../lib/request-site.js';
import { wantsBodyToken } from '../../plugins/session.js';
import { deviceGuidOf } from '../../lib/request-context.js';
import { completePendingTelegramBind } from '../telegram/complete-pending-bind.js';
import { completePendingSocialBind } from '../social-login/complete-pending-social-bind.js';
import { clientCountry } from '../risk/client-country.js';
import type { ClientMeta, Registered, SiteContext } from './registration.service.js';

/** Request → service inputs, and the answer that logs a new user in; shared by both route files. */

// The signed Telegram login data is not a channel record: it is checked, used once, never stored.
const CHANNEL_KEYS = Object.keys(signupChannelSchema.shape).filter(
  (key) => key !== 'telegram_callback' && key !== 'telegram_callback_mini',
) as (keyof SignupChannel)[];

/** The spec §3 channel fields of a body (everything else is flow input). */
export function channelOf(body: SignupChannel): SignupChannel {
  const channel: Record<string, unknown> = {};
  for (const key of CHANNEL_KEYS) if (body[key] !== undefined) channel[key] = body[key];
  return channel as SignupChannel;
}

export function siteContextOf(req: FastifyRequest, lang?: string): SiteContext {
  const { site, env, origin } = requestSite(req);
  return { site, env, origin, locale: requestLocale(req, site, lang ?? null, 'signup') };
}

export function clientMetaOf(req: FastifyRequest, body: { platform?: string; version?: string }): ClientMeta {
  const header = platformKindSchema.safeParse(req.headers[HEADER.PLATFORM.toLowerCase()]);
  const userAgent = req.headers['user-agent'];
  return {
    ip: req.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    platform: body.platform ?? (header.success ? header.data : 'pc'),
    version: body.version ?? '',
    ipCountry: clientCountry(req),
  };
}

const meta = (req: FastifyRequest): string | null => {
  const ua = req.headers['user-agent'];
  return typeof ua === 'string' ? ua : null;
};

/** Log the new user in: the cookie always, the token in the body only for header transport (ADR 0002). */
export async function finishSignup(
  req: FastifyRequest,
  reply: FastifyReply,
  done: Registered,
): Promise<ReturnType<typeof ok<RegisterDoneResult>>> {
  if (req.sessionToken) await req.server.sessions.revoke(req.sessionToken);
  reply.setSession(done.token);
  // This browser just proved the address: its first login needs no new-device code.
  await req.server.devices.remember(done.account.id, deviceGuidOf(req), meta(req));
  const tgBindResult = await completePendingTelegramBind(req, done.account.id, 'register');
  const thirdBindResult = await completePendingSocialBind(req, done.account.id, 'register');
  const result: RegisterDoneResult = {
    user_id: Number(done.account.id),
    new_user: true,
    site: done.account.site,
    login_name: maskLoginName(done.account.email ?? done.account.mobile ?? ''),
    ...(tgBindResult ? { tg_bind_result: tgBindResult } : {}),
    ...(thirdBindResult ? { third_bind_result: thirdBindResult } : {}),
  };
  return ok(result, wantsBodyToken(req) ? done.token : undefined);
}
