import {
  EEA_COUNTRIES,
  type ComplianceRule,
  type ResidenceGuideConfig,
  type SiteId,
} from '@gatehouse/contract';

/**
 * The web config entries (table `web_config`) the compliance data is kept in: seeded from the
 * values below, changed by an operator without a deploy (docs/flows/compliance.md).
 */
export const COMPLIANCE_KEYS = {
  RULES: 'compliance_rules',
  CONFIG: 'compliance_config',
  RESIDENCE_GUIDE: 'residence_guide',
} as const;

/** Spec §3 "Compliance config rule": the seeded rules. */
export const DEFAULT_COMPLIANCE_RULES: ComplianceRule[] = [
  // An EEA visitor on the main site is not offered its sign-up bonus (it is the EU site's to offer).
  { element: 'signupBonus', action: 'hide', siteId: 'global', rc: 'EEA', priority: 10 },
  // The Netherlands' licence allows no sign-up bonus at all.
  { element: 'signupBonus', action: 'hide', siteId: 'NLD', priority: 10 },
  // A Dutch-verified account on the main site is told where its account is served.
  {
    element: 'kycSiteNotice',
    action: 'show',
    siteId: 'global',
    account: 'NL',
    ext: 'compliance.kycSiteNotice',
    priority: 5,
  },
];

/** Spec §3 "Compliance config (static file)". */
export const DEFAULT_COMPLIANCE_CONFIG = {
  redeemAmount: 100,
  hideRedeemSite: ['NLD', 'EU'] as SiteId[],
  zhHostnameList: [] as string[],
};

const EEA_BUT_NL = EEA_COUNTRIES.filter((c) => c !== 'NL');
const only = (countries: readonly string[]): ResidenceGuideConfig => ({
  guideConfigs: [],
  showMode: 1,
  countries2: [...countries],
});

/**
 * Spec §3 "Residence guide config", per site: where a residence belongs instead (guideConfigs), and
 * which residences the dropdown offers (showMode 0: all but countries2; 1: only countries2). Blocked
 * countries (§6) are refused on every site whatever this says.
 */
export const DEFAULT_RESIDENCE_GUIDE: Record<SiteId, ResidenceGuideConfig> = {
  global: {
    guideConfigs: [
      { siteId: 'NLD', country2: 'NL' },
      ...EEA_BUT_NL.map((country2) => ({ siteId: 'EU' as const, country2 })),
    ],
    showMode: 0,
    countries2: [],
  },
  EU: {
    guideConfigs: [{ siteId: 'NLD', country2: 'NL' }],
    showMode: 1,
    countries2: [...EEA_BUT_NL, 'NL'],
  },
  NLD: only(['NL']),
  HKG: { guideConfigs: [], showMode: 0, countries2: [] },
  TUR: { guideConfigs: [], showMode: 0, countries2: [] },
  KAZ: { guideConfigs: [], showMode: 0, countries2: [] },
  GEO: { guideConfigs: [], showMode: 0, countries2: [] },
  IDN: { guideConfigs: [], showMode: 0, countries2: [] },
  ARE: { guideConfigs: [], showMode: 0, countries2: [] },
  JPN: { guideConfigs: [], showMode: 0, countries2: [] },
};
