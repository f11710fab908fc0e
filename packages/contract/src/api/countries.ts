import { z } from 'zod';
import { countryIsoSchema } from './auth-common.js';

/** Query flags arrive as `0`/`1` (or `true`/`false`) strings. */
const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

/**
 * `GET /v2/public/country-list?is_disable=&is_iso=&lang=`
 * - `is_iso=1`: every ISO 3166 country (the residence picker); otherwise only countries with a
 *   telephone calling code (the phone picker).
 * - `is_disable=1`: blocked countries (§6) are listed with `disabled: true`; otherwise left out.
 * - names are in `lang`, else the `Lang` header, else English.
 */
export const countryListQuerySchema = z.object({
  is_disable: flag,
  is_iso: flag,
  lang: z
    .string()
    .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,3})?$/)
    .optional(),
});

export const countryEntrySchema = z.object({
  /** ISO 3166-1 alpha-2. */
  iso: z.string(),
  name: z.string(),
  /** Calling code without "+", or null when the country has none of its own. */
  calling_code: z.string().nullable(),
  /** Blocked (§6): shown greyed out, cannot be chosen. Only present as true with `is_disable=1`. */
  disabled: z.boolean(),
});
export type CountryEntry = z.infer<typeof countryEntrySchema>;

export const countryListResultSchema = z.object({ list: z.array(countryEntrySchema) });
export type CountryListResult = z.infer<typeof countryListResultSchema>;

/** `GET /register/countryCode`: the calling code to preselect (site, then Accept-Language region). */
export const countryCodeResultSchema = z.object({
  country: z.string().nullable(),
  country_code: z.string().nullable(),
});
export type CountryCodeResult = z.infer<typeof countryCodeResultSchema>;

/** `GET /register/permission_v2?residence_country=&residence_subdivision=` (public). */
export const registerPermissionQuerySchema = z.object({
  residence_country: countryIsoSchema.optional(),
  residence_subdivision: z
    .string()
    .regex(/^[A-Za-z0-9]{1,3}$/)
    .toUpperCase()
    .optional(),
});

export const registerPermissionResultSchema = z.object({
  /** Sign-up is open on this site (for this residence, when given). */
  allowed: z.boolean(),
  /** §6, alpha-2 plus `CA-ON`. */
  blocked_countries: z.array(z.string()),
  /** Whether this site offers sign-up by mobile number. */
  phone_sign_up: z.boolean(),
  /** Regulated sites need the residence country (and call register_compliance). */
  residence_required: z.boolean(),
});
export type RegisterPermissionResult = z.infer<typeof registerPermissionResultSchema>;
