import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createKycAdmin, KycAdminError, MAX_KYC_LEVEL } from './kyc-admin.js';

/** Path of the KYC service's call, outside the API base: it is not a browser call. */
export const KYC_INTERNAL_PATH = '/internal/kyc/v1/set';

const bodySchema = z.object({
  /** Account id (10 digits) or e-mail. */
  account: z.string().min(1).max(254),
  level: z.number().int().min(0).max(MAX_KYC_LEVEL),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .nullable()
    .optional(),
});

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * `POST /internal/kyc/v1/set` (docs/flows/compliance.md): the exchange's identity verification, which
 * happens outside Gatehouse, records its result here with `Authorization: Bearer KYC_SERVICE_TOKEN`.
 * Without a configured token the route does not exist (404). Answers plain JSON with HTTP statuses,
 * not the envelope. Needs the `accounts` plugin.
 */
const kycInternalRoutes: FastifyPluginAsyncZod = async (app) => {
  const token = app.config.compliance.kycServiceToken;
  if (token === null) return;
  const expected = digest(`Bearer ${token}`);
  const admin = createKycAdmin(app.accounts);

  app.post(
    KYC_INTERNAL_PATH,
    {
      schema: { hide: true },
      // Checked before the body is read: a caller without the token learns nothing about accounts.
      onRequest: async (req, reply) => {
        const given = req.headers.authorization;
        // Compared as digests: equal length, constant time, whatever the caller sent.
        if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
          return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized' });
        }
      },
    },
    async (req, reply) => {
      // Parsed here, not by a route schema: this call answers plain JSON with HTTP statuses, and a
      // route schema's refusal would be the API's envelope.
      const body = bodySchema.safeParse(req.body);
      if (!body.success) return reply.code(400).send({ error: 'invalid body' });
      try {
        const account = await admin.set(body.data.account, {
          level: body.data.level,
          country: body.data.country ?? null,
        });
        return { account_id: account.id, kyc_level: account.kycLevel, kyc_country: account.kycCountry };
      } catch (err) {
        if (err instanceof KycAdminError) {
          return reply.code(err.kind === 'no-account' ? 404 : 400).send({ error: err.message });
        }
        throw err;
      }
    },
  );
};

export default kycInternalRoutes;
