/**
 * The European Economic Area (spec §3 country check `group_country: 'eea'`, §4 regulation country):
 * the 27 EU member states plus Iceland, Liechtenstein and Norway, ISO 3166-1 alpha-2.
 */
export const EEA_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
] as const;

const EEA: ReadonlySet<string> = /* @__PURE__ */ new Set(EEA_COUNTRIES);

/** Whether an alpha-2 country (any case) is in the EEA. */
export function isEeaCountry(country: string | null | undefined): boolean {
  return typeof country === 'string' && EEA.has(country.trim().toUpperCase());
}

/** The regulation country of spec §4: `EEA` when restrictOperate is set, else the empty string. */
export type RegulationCountry = 'EEA' | '';

export function regulationCountry(restrictOperate: boolean): RegulationCountry {
  return restrictOperate ? 'EEA' : '';
}

/**
 * Sites that must restrict EEA visitors (`restrictOperate`, spec §4, §7): the main site sends them to
 * the EU site (mainSiteEuResidenceConfirm). Regional sites serve their own residents and need not.
 */
export const EEA_RESTRICTING_SITES = ['global'] as const;

export function restrictsEeaVisitors(site: string): boolean {
  return (EEA_RESTRICTING_SITES as readonly string[]).includes(site);
}
