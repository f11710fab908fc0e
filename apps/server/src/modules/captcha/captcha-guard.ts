import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import {
  CAPTCHA_BODY_FIELD,
  captchaResultSchema,
  captchaSceneFor,
  RetCode,
  type CaptchaFlow,
  type CaptchaScene,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import { requestSite } from '../../lib/request-site.js';

export type SceneOf = CaptchaScene | ((request: FastifyRequest) => CaptchaScene);

/** The scene of `flow` on the request's site, e.g. `requireCaptcha(sceneFromSite('login'))`. */
export function sceneFromSite(flow: CaptchaFlow): (request: FastifyRequest) => CaptchaScene {
  return (request) => captchaSceneFor(flow, requestSite(request).site);
}

/**
 * A hook that refuses the request unless its JSON body carries, under `captcha`, a valid and
 * unused captcha result for the scene — when the scene requires one on the request's site.
 *
 * Use it as `preValidation` (it reads the raw body, so the route's schema, which drops unknown
 * fields, need not know `captcha`); as `preHandler` it works only if the body schema keeps
 * `captcha` (spread `captchaBodyShape` from the contract into it).
 *
 * Codes: 10026 missing, 30001 invalid, 30002 expired, 30003 already used, 30004 other scene,
 * 30005 this captcha type is not available here.
 */
export function requireCaptcha(scene: SceneOf): preValidationAsyncHookHandler {
  return async function captchaGuard(request) {
    const wanted = typeof scene === 'function' ? scene(request) : scene;
    const { site } = requestSite(request);
    const service = request.server.captcha;
    if (!service.isRequired(wanted, site)) return;
    const body = request.body;
    const raw =
      typeof body === 'object' && body !== null
        ? (body as Record<string, unknown>)[CAPTCHA_BODY_FIELD]
        : undefined;
    if (raw === undefined || raw === null) throw new ApiError(RetCode.CaptchaRequired);
    const parsed = captchaResultSchema.safeParse(raw);
    if (!parsed.success) throw new ApiError(RetCode.CaptchaInvalid);
    await service.verify(parsed.data, wanted, { ip: request.ip });
  };
}
