import { z } from 'zod';
import { SITE_IDS } from '../sites/site-types.js';

/**
 * Regions and compliance (spec §3, §4, §5, §7; docs/flows/compliance.md). Server:
 * apps/server/src/modules/compliance.
 */

const siteIdSchema = z.enum(SITE_IDS);
/** Upper-case alpha-2 (no transform: these schemas also describe answers). */
const alpha2Schema = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 country, upper-case');

/** Spec §9: the page keeps the regulation info locally this long (REGULATION_RESTRICT_OPERATE). */
export const REGULATION_INFO_TTL_MS = 10_000;

/** `GET /compliance/v1/wall/regulation-info`: is this visitor one this site must restrict (§4)? */
export const regulationInfoResultSchema = z.object({
  /** An EEA visitor on a site that sends EEA residents to the EU site. */
  restrictOperate: z.boolean(),
});
export type RegulationInfo = z.infer<typeof regulationInfoResultSchema>;

/** `GET /compliance/v1/wall/country-check` (spec §7 "country/IP check", path ours). */
export const countryCheckResultSchema = z.object({
  /** The visitor's country (alpha-2), or null when unknown. */
  code: z.string().nullable(),
  /** False when the country is blocked (§6): the site shows its "not available" notice. */
  is_visible: z.boolean(),
  /** `eea` for a visitor in the EEA, else the empty string. */
  group_country: z.enum(['eea', '']),
});
export type CountryCheck = z.infer<typeof countryCheckResultSchema>;

/** `GET /compliance/v1/residence/guide-config?site_id=` (spec §7 "residence guide config", path ours). */
export const residenceGuideQuerySchema = z.object({ site_id: siteIdSchema.optional() });

export const residenceGuideConfigSchema = z.object({
  guideConfigs: z.array(z.object({ siteId: siteIdSchema, country2: alpha2Schema })).max(300),
  showMode: z.number().int().min(0).max(1),
  countries2: z.array(alpha2Schema).max(300),
});

/** A stored compliance rule (spec §3); malformed stored rules are dropped, not fatal. */
export const complianceRuleSchema = z.object({
  element: z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/),
  action: z.enum(['hide', 'show', 'replace']),
  ext: z.string().max(512).optional(),
  siteId: siteIdSchema,
  account: alpha2Schema.optional(),
  rc: z
    .string()
    .regex(/^[A-Z]{2,8}$/)
    .optional(),
  logic: z.enum(['or', 'and']).optional(),
  priority: z.number().int().min(-1_000_000).max(1_000_000),
});

/** The static compliance config file (spec §3): redeemAmount, hideRedeemSite, zhHostnameList. */
export const complianceStaticConfigSchema = z.object({
  /** The redeem (sign-up reward) amount shown, in USD. */
  redeemAmount: z.number().nonnegative(),
  /** Sites that hide the redeem offer. */
  hideRedeemSite: z.array(siteIdSchema),
  /** Host names served in Chinese by default. */
  zhHostnameList: z.array(z.string().max(253)).max(100),
});

/** `GET /compliance/v1/config`: the static config and the current site's rules (cached). */
export const complianceConfigResultSchema = z.object({
  config: complianceStaticConfigSchema,
  rules: z.array(complianceRuleSchema),
});
export type ComplianceConfigResult = z.infer<typeof complianceConfigResultSchema>;

/** `GET /v3/private/kyc/get-rc-config?site_id=` (spec §7, "not shown": Gatehouse's answer). */
export const rcConfigQuerySchema = z.object({ site_id: siteIdSchema });

export const rcConfigResultSchema = z.object({
  site_id: siteIdSchema,
  /** The site's regulation country: `EEA` for the sites licensed in the EEA (EU, NLD), else ``. */
  regulation_country: z.enum(['EEA', '']),
  /** KYC countries that belong to this site (empty: the global site takes every other country). */
  kyc_countries: z.array(z.string()),
  /** The account's KYC: level (0 none) and country (alpha-2, null when not verified). */
  kyc_level: z.number().int().nonnegative(),
  kyc_country: z.string().nullable(),
  /** The site the account's KYC country belongs to, or null when none or when it is this site. */
  home_site: siteIdSchema.nullable(),
});
export type RcConfig = z.infer<typeof rcConfigResultSchema>;
