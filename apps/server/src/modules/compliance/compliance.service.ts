import {
  complianceRuleSchema,
  complianceStaticConfigSchema,
  homeSiteOf,
  isBlockedCountry,
  isEeaCountry,
  kycCountriesOf,
  OPEN_RESIDENCE_GUIDE,
  regulationCountry,
  residenceGuideConfigSchema,
  residenceVerdict,
  restrictsEeaVisitors,
  RetCode,
  type ComplianceConfigResult,
  type ComplianceRule,
  type CountryCheck,
  type RcConfig,
  type RegulationInfo,
  type ResidenceGuideConfig,
  type SiteId,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import {
  COMPLIANCE_KEYS,
  DEFAULT_COMPLIANCE_CONFIG,
  DEFAULT_COMPLIANCE_RULES,
  DEFAULT_RESIDENCE_GUIDE,
} from './compliance-defaults.js';

/** Reads stored web config values by name (the web-config module's service). */
export type StoredConfigReader = (names: readonly string[]) => Promise<Map<string, unknown>>;

/** How long an instance keeps the stored compliance data before reading it again. */
export const COMPLIANCE_DATA_TTL_MS = 5_000;

interface ComplianceData {
  rules: ComplianceRule[];
  config: ComplianceConfigResult['config'];
  guides: Partial<Record<SiteId, ResidenceGuideConfig>>;
}

/**
 * The stored data, validated: a malformed rule or guide is dropped (an operator's typo must not take
 * the others down), a missing or malformed entry falls back to the seeded default.
 */
export function parseComplianceData(stored: Map<string, unknown>): ComplianceData {
  const rawRules = stored.get(COMPLIANCE_KEYS.RULES);
  const rules = Array.isArray(rawRules)
    ? rawRules.flatMap((r) => {
        const parsed = complianceRuleSchema.safeParse(r);
        return parsed.success ? [parsed.data as ComplianceRule] : [];
      })
    : DEFAULT_COMPLIANCE_RULES;
  const config = complianceStaticConfigSchema.safeParse(stored.get(COMPLIANCE_KEYS.CONFIG));
  const rawGuides = stored.get(COMPLIANCE_KEYS.RESIDENCE_GUIDE);
  const guides: Partial<Record<SiteId, ResidenceGuideConfig>> = {};
  const source =
    typeof rawGuides === 'object' && rawGuides !== null ? (rawGuides as Record<string, unknown>) : {};
  for (const site of Object.keys(DEFAULT_RESIDENCE_GUIDE) as SiteId[]) {
    if (!(site in source)) {
      guides[site] = DEFAULT_RESIDENCE_GUIDE[site];
      continue;
    }
    const parsed = residenceGuideConfigSchema.safeParse(source[site]);
    // A broken guide must not open a site's sign-up to every country: the seeded one stands.
    guides[site] = parsed.success ? parsed.data : DEFAULT_RESIDENCE_GUIDE[site];
  }
  return { rules, config: config.success ? config.data : DEFAULT_COMPLIANCE_CONFIG, guides };
}

export interface ComplianceService {
  /** Spec §7 regulation-info: an EEA visitor on a site that must restrict them. */
  regulationInfo(site: SiteId, visitorCountry: string | null): RegulationInfo;
  /** Spec §7 country/IP check. */
  countryCheck(visitorCountry: string | null): CountryCheck;
  residenceGuide(site: SiteId): Promise<ResidenceGuideConfig>;
  /** The static config and this site's rules. */
  config(site: SiteId): Promise<ComplianceConfigResult>;
  /**
   * Refuse a residence the sign-up page would not let through (spec §5, §6): blocked (41126), served
   * by another site (41127, `result.site_id`), or not offered by the site's dropdown (400606).
   */
  vetResidence(site: SiteId, country: string, subdivision: string | null): Promise<void>;
  /** Spec §7 get-rc-config for an account. */
  rcConfig(site: SiteId, kyc: { level: number; country: string | null }): RcConfig;
}

export function createComplianceService(
  read: StoredConfigReader,
  now: () => number = Date.now,
): ComplianceService {
  let kept: { data: Promise<ComplianceData>; expiresAt: number } | null = null;
  const data = (): Promise<ComplianceData> => {
    const at = now();
    if (kept && kept.expiresAt > at) return kept.data;
    const fresh = read(Object.values(COMPLIANCE_KEYS)).then(parseComplianceData);
    kept = { data: fresh, expiresAt: at + COMPLIANCE_DATA_TTL_MS };
    // A failed read is not kept: the next call tries again.
    fresh.catch(() => {
      kept = null;
    });
    return fresh;
  };
  const guideOf = async (site: SiteId) => (await data()).guides[site] ?? OPEN_RESIDENCE_GUIDE;

  return {
    regulationInfo(site, country) {
      return { restrictOperate: restrictsEeaVisitors(site) && isEeaCountry(country) };
    },
    countryCheck(country) {
      return {
        code: country,
        is_visible: country === null || !isBlockedCountry(country),
        group_country: isEeaCountry(country) ? 'eea' : '',
      };
    },
    residenceGuide: guideOf,
    async config(site) {
      const { rules, config } = await data();
      return { config, rules: rules.filter((r) => r.siteId === site) };
    },
    async vetResidence(site, country, subdivision) {
      const verdict = residenceVerdict(await guideOf(site), country, subdivision);
      if (verdict.kind === 'blocked') throw new ApiError(RetCode.ResidenceCountryBlocked);
      if (verdict.kind === 'redirect') {
        throw new ApiError(RetCode.ResidenceCountryRedirect, undefined, 200, { site_id: verdict.siteId });
      }
      if (verdict.kind === 'not-offered') throw new ApiError(RetCode.RegionRegistrationRestricted);
    },
    rcConfig(site, kyc) {
      const home = kyc.level > 0 && kyc.country !== null ? homeSiteOf(kyc.country) : null;
      return {
        site_id: site,
        regulation_country: regulationCountry(site === 'EU' || site === 'NLD'),
        kyc_countries: kycCountriesOf(site),
        kyc_level: kyc.level,
        kyc_country: kyc.level > 0 ? kyc.country : null,
        home_site: home === site ? null : home,
      };
    },
  };
}
