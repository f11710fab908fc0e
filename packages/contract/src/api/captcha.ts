import { z } from 'zod';
import { CAPTCHA_KEY_VERSION, OLD_CAPTCHA_TYPES } from '../rules/captcha-result.js';
import { CAPTCHA_SCENES, type CaptchaScene } from '../rules/captcha-scenes.js';
import { CAPTCHA_TYPE_BEHAVIOR_GEETEST } from '../rules/captcha-web-config.js';

/**
 * Captcha schemas for the server (spec §3, §7). The web imports the pure types from
 * rules/captcha-*.ts instead, so zod stays out of its bundle.
 */

export const captchaSceneSchema = z
  .number()
  .int()
  .refine(
    (n): n is CaptchaScene => (CAPTCHA_SCENES as readonly number[]).includes(n),
    'unknown captcha scene',
  );

/** Query values arrive as strings. */
export const captchaSceneQuerySchema = z.coerce
  .number()
  .int()
  .refine(
    (n): n is CaptchaScene => (CAPTCHA_SCENES as readonly number[]).includes(n),
    'unknown captcha scene',
  );

const tag = { key_version: z.literal(CAPTCHA_KEY_VERSION) };
/** Vendor tokens are opaque; bounded so a request cannot carry megabytes of "token". */
const opaque = (max: number) => z.string().min(1).max(max);

export const captchaResultSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('magpie'),
    ...tag,
    magpie_verify_info: z.object({ token: opaque(8192), scene: captchaSceneSchema }),
  }),
  z.object({
    type: z.literal('geetest'),
    ...tag,
    captcha_id: opaque(64),
    lot_number: opaque(128),
    captcha_output: opaque(4096),
    pass_token: opaque(512),
    gen_time: opaque(32),
  }),
  z.object({ type: z.literal('tencent'), ...tag, ticket: opaque(4096), randstr: opaque(128) }),
  z.object({ type: z.literal('recaptcha'), ...tag, g_recaptcha_response: opaque(8192) }),
]);

/** Add to a protected route's body schema so validation keeps the field: `{...captchaBodyShape}`. */
export const captchaBodyShape = { captcha: captchaResultSchema.optional() };

export const captchaSceneConfigSchema = z.object({
  completelyUseMagpieCatcha: z.boolean(),
  useDowngrade: z.boolean(),
  guidTailList: z.array(z.string().max(4)).max(64),
  oldCapchaList: z.array(z.enum(OLD_CAPTCHA_TYPES)),
});

export const captchaVendorScriptsSchema = z.partialRecord(
  z.enum(OLD_CAPTCHA_TYPES),
  z.object({ url: z.string(), siteKey: z.string().optional() }),
);

/** `GET /v3/public/user/captcha-info` and `GET /user/public/captcha-info`. */
export const captchaInfoQuerySchema = z.object({
  type: z.literal(CAPTCHA_TYPE_BEHAVIOR_GEETEST).default(CAPTCHA_TYPE_BEHAVIOR_GEETEST),
  login_name: z.string().max(320).optional(),
});

export const captchaInfoSchema = z.object({
  gt: z.string(),
  challenge: z.string(),
  sGt: z.string(),
  sChallenge: z.string(),
  success: z.union([z.literal(0), z.literal(1)]),
  newCaptcha: z.boolean(),
});

/** `GET /v3/public/captcha/altcha-challenge?scene=`. */
export const altchaChallengeQuerySchema = z.object({ scene: captchaSceneQuerySchema });

/** An ALTCHA v2 challenge as the widget reads it (altcha-lib `Challenge`). */
export const altchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
