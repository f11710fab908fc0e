import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  QR_CODE_TTL_MS,
  RetCode,
  qrCancelResultSchema,
  qrCodeRequestSchema,
  qrConfirmResultSchema,
  qrGenerateRequestSchema,
  qrGenerateResultSchema,
  qrScanResultSchema,
  qrStatusRequestSchema,
  qrStatusResultSchema,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { linkSecret } from '../../lib/one-time-codes.js';
import { requestSite } from '../../lib/request-site.js';
import { wantsBodyToken } from '../../plugins/session.js';
import { clientCountry } from '../risk/client-country.js';
import { sessionMetaOf } from '../session/session-meta.js';
import { createQrLoginService } from './qr-login.service.js';
import { summariseUserAgent } from './user-agent-summary.js';
import { noteForLog } from '../../lib/request-log.js';

/** The asking browser's secret: only the browser that generated a code can poll it into a session. */
export const QR_BROWSER_COOKIE = 'gh_qr';
const SECRET = /^[A-Za-z0-9_-]{43}$/;

// Per address and route, in the shared store (plugins/rate-limit.ts). A page polls every 2 s (30 a
// minute); a few tabs or people behind one address fit. Generating is what fills the store.
const GENERATE_LIMIT = { rateLimit: { max: 20, timeWindow: 60_000 } };
const STATUS_LIMIT = { rateLimit: { max: 120, timeWindow: 60_000 } };
const CONFIRM_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

const gone = () => new ApiError(RetCode.QrCodeExpired);

/**
 * QR-code login (spec §1, §4, §7; docs/flows/qr-login.md): the asking browser's generate and status
 * (public), the logged-in confirming side's scan, confirm and cancel. State lives in `app.kv`
 * (qr-login.service.ts). Needs the root decorators `kv`, `sessions`, `accounts`.
 */
const qrLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createQrLoginService(app.kv);
  const now = () => Date.now();
  const cookieOptions = {
    httpOnly: true,
    // Sent by the page's own polling fetch only; never by another site's request.
    sameSite: 'strict',
    secure: app.config.nodeEnv === 'production',
    // Only the two calls of the asking browser carry it.
    path: `${app.config.apiBase}/v3/public/qrcode`,
    maxAge: Math.floor((QR_CODE_TTL_MS * 5) / 1000),
  } as const;
  const secretOf = (req: FastifyRequest): string | null => {
    const value = req.cookies[QR_BROWSER_COOKIE];
    return value && SECRET.test(value) ? value : null;
  };

  endpointRoute(
    app,
    endpoints.qrGenerate,
    {
      tags: ['qr-login'],
      summary: 'A QR login code for this browser',
      request: qrGenerateRequestSchema,
      result: qrGenerateResultSchema,
      config: GENERATE_LIMIT,
    },
    async (req, reply) => {
      requestSite(req); // an unknown host is refused before anything is stored
      // Switched off (web config feature_flags.qrLogin): no new codes; codes already shown run out.
      if (!(await app.webConfig.featureFlags()).qrLogin) throw new ApiError(RetCode.Forbidden);
      // One secret per browser, kept across codes, so two tabs can each show a code.
      const secret = secretOf(req) ?? linkSecret();
      reply.setCookie(QR_BROWSER_COOKIE, secret, cookieOptions);
      const at = now();
      const { uuid, expiresAt } = await service.generate(
        secret,
        {
          site: req.host.toLowerCase(),
          // The browser's own User-Agent: the web client's X-User-Agent names the client, not the browser.
          ...summariseUserAgent(req.headers['user-agent']),
          country: clientCountry(req),
        },
        at,
      );
      return ok({ uuid, expires_in: Math.round((expiresAt - at) / 1000) });
    },
  );

  /** The confirmed code's one poll: the session starts on this browser (as a password login's would). */
  const startSession = async (req: FastifyRequest, reply: FastifyReply, userId: string) => {
    const account = await app.accounts.findById(userId);
    // Banned or closed since it confirmed: no session (the phone's own session ends with the ban).
    if (!account || account.status !== 'active') throw gone();
    if (req.sessionToken) await app.sessions.revoke(req.sessionToken);
    const token = await app.sessions.create(account.id, sessionMetaOf(req, 'qr'));
    reply.setSession(token);
    noteForLog(req, 'info', 'qr login confirmed', { userId: account.id });
    return ok(
      { state: 'confirmed' as const, user_id: Number(account.id) },
      wantsBodyToken(req) ? token : undefined,
    );
  };

  endpointRoute(
    app,
    endpoints.qrStatus,
    {
      tags: ['qr-login'],
      summary: "The QR login code's state; on confirmed the session is set on this browser",
      request: qrStatusRequestSchema,
      result: qrStatusResultSchema,
      config: STATUS_LIMIT,
    },
    async (req, reply) => {
      const secret = secretOf(req);
      if (!secret) throw gone();
      const outcome = await service.poll(req.query.uuid, secret, now());
      if (outcome.state === 'gone') throw gone();
      if (outcome.state === 'confirmed') return startSession(req, reply, outcome.userId);
      return ok({ state: outcome.state });
    },
  );

  endpointRoute(
    app,
    endpoints.qrScan,
    {
      tags: ['qr-login'],
      summary: 'Take a QR login code for this account and see who is asking',
      request: qrCodeRequestSchema,
      result: qrScanResultSchema,
      config: CONFIRM_LIMIT,
    },
    async (req) => {
      const at = now();
      const request = await service.scan(req.body.uuid, req.auth.userId, at);
      if (!request) throw gone();
      return ok({
        site: request.site,
        browser: request.browser,
        os: request.os,
        country: request.country,
        requested_at: request.requestedAt,
        expires_in: Math.max(0, Math.round((request.expiresAt - at) / 1000)),
      });
    },
  );

  endpointRoute(
    app,
    endpoints.qrConfirm,
    {
      tags: ['qr-login'],
      summary: 'Log the asking browser in to this account',
      request: qrCodeRequestSchema,
      result: qrConfirmResultSchema,
      config: CONFIRM_LIMIT,
    },
    async (req) => {
      if (!(await service.confirm(req.body.uuid, req.auth.userId, now()))) throw gone();
      return ok({ confirmed: true as const });
    },
  );

  endpointRoute(
    app,
    endpoints.qrCancel,
    {
      tags: ['qr-login'],
      summary: 'Refuse the asking browser',
      request: qrCodeRequestSchema,
      result: qrCancelResultSchema,
      config: CONFIRM_LIMIT,
    },
    async (req) => {
      if (!(await service.cancel(req.body.uuid, req.auth.userId, now()))) throw gone();
      return ok({ cancelled: true as const });
    },
  );
};

export default qrLoginRoutes;
