import { type BannerItem, type SiteId, type WebConfigEntry } from '@gatehouse/contract';
import { FEATURE_CONFIG_KEY, featureFlagsFrom, type FeatureFlags } from '@gatehouse/contract/feature-flags';
import type { WebConfigRepository } from './web-config.repository.js';

/**
 * A config entry computed from server configuration (e.g. captcha vendor scripts), for the site
 * asked: the site is all it may depend on, so the answer can be precomputed per site (ADR 0019).
 */
export type WebConfigContributor = (site: SiteId) => unknown;

export interface WebConfigRegistry {
  /** Answer `name` from `fn` instead of the table; later modules may not override an earlier name. */
  contribute(name: string, fn: WebConfigContributor): void;
  contributor(name: string): WebConfigContributor | undefined;
}

/** Banners are stored as web config rows named `banner:<key>`. */
export const BANNER_PREFIX = 'banner:';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isBannerItem(v: unknown): v is BannerItem {
  if (!isRecord(v) || typeof v.title !== 'string') return false;
  return ['description', 'link', 'image'].every((k) => v[k] === undefined || typeof v[k] === 'string');
}

/**
 * The banners of one stored value for a language: either a list for every language, or an
 * object of lists by language (`{"en": […], "tr-TR": […]}`) where the base language and then
 * `en` stand in for a missing one. Malformed items are dropped rather than failing the call.
 */
export function bannersFor(value: unknown, language: string | undefined): BannerItem[] | null {
  let list: unknown = value;
  if (isRecord(value)) {
    const lang = language ?? 'en';
    list = value[lang] ?? value[lang.split('-')[0] ?? ''] ?? value.en;
  }
  return Array.isArray(list) ? list.filter(isBannerItem) : null;
}

export interface WebConfigService {
  entries(keys: readonly string[], site: SiteId): Promise<WebConfigEntry[]>;
  banners(
    keys: readonly string[],
    language: string | undefined,
  ): Promise<{ name: string; value: BannerItem[] }[]>;
  /**
   * The stored `feature_flags` (docs/configuration.md "Feature flags"), read on every call: an
   * operator's change applies to the next request, as the page sees it after its cache (60 s).
   */
  featureFlags(): Promise<FeatureFlags>;
}

export function createWebConfigService(
  repo: WebConfigRepository,
  registry: WebConfigRegistry,
): WebConfigService {
  return {
    async entries(keys, site) {
      const unique = [...new Set(keys)];
      const stored = await repo.read(
        unique.filter((k) => !registry.contributor(k) && !k.startsWith(BANNER_PREFIX)),
      );
      const out: WebConfigEntry[] = [];
      for (const name of unique) {
        const computed = registry.contributor(name);
        if (computed) out.push({ name, value: computed(site) });
        // Unknown keys are left out: the client keeps its default for them.
        else if (stored.has(name)) out.push({ name, value: stored.get(name) });
      }
      return out;
    },
    async banners(keys, language) {
      const unique = [...new Set(keys)];
      const stored = await repo.read(unique.map((k) => BANNER_PREFIX + k));
      const out: { name: string; value: BannerItem[] }[] = [];
      for (const name of unique) {
        const items = bannersFor(stored.get(BANNER_PREFIX + name), language);
        if (items) out.push({ name, value: items });
      }
      return out;
    },
    async featureFlags() {
      const stored = await repo.read([FEATURE_CONFIG_KEY.FEATURE_FLAGS]);
      return featureFlagsFrom(stored.get(FEATURE_CONFIG_KEY.FEATURE_FLAGS));
    },
  };
}

/**
 * How long an instance serves a precomputed web config answer before reading the table again: an
 * operator's change to `web_config` (made in the database, docs/configuration.md) reaches new tabs
 * within this (and new pages, whose bootstrap carries the entries), browsers that have the answer after their own 60 s on top.
 */
export const WEB_CONFIG_ANSWER_TTL_MS = 5_000;
