import type { DeviceSummary } from '@gatehouse/contract';
import type { TFunction } from '../../i18n';

/** A date and time in the page language; an unusual locale tag falls back to the browser's. */
export function formatWhen(epochMs: number, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);
  } catch {
    return new Date(epochMs).toLocaleString();
  }
}

/** A country's name in the page language from its ISO code (the browser's own names), or null. */
export function countryName(code: string | null, language: string): string | null {
  if (!code) return null;
  const region = code.split('-')[0] ?? code;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}

/** The regional sites are named by ISO 3166 alpha-3 codes (contract site table), EU and global aside. */
const SITE_REGION: Record<string, string> = {
  HKG: 'HK',
  TUR: 'TR',
  KAZ: 'KZ',
  NLD: 'NL',
  EU: 'EU',
  GEO: 'GE',
  IDN: 'ID',
  ARE: 'AE',
  JPN: 'JP',
};

export function siteName(t: TFunction, site: string | null, language: string): string {
  if (!site) return t('securityCenter.unknown');
  if (site === 'global') return t('securityCenter.siteGlobal');
  const region = SITE_REGION[site];
  return region ? (countryName(region, language) ?? site) : site;
}

/** "Chrome 120 · Windows 10", or the kind of device when the browser could not be told. */
export function deviceName(t: TFunction, summary: DeviceSummary): string {
  const names = [summary.browser, summary.os].filter((n): n is string => n !== null);
  return names.length > 0 ? names.join(' · ') : t(`securityCenter.device.${summary.device}`);
}
