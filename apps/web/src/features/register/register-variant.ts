/**
 * Register UI variants (spec §2): new or old UI, confirmation by code or by link. Chosen by the `ui` and
 * `show_type` query values when given, else by an A/B assignment:
 *
 * - the web config entry `register_ui` (POST /v3/config/web) holds one variant for everyone, either as
 *   the query's values (`{ "ui": "new", "showType": "code" }`, what the seed writes: contract
 *   DEFAULT_REGISTER_UI_CONFIG) or as a name (`"new-code"`), or weights
 *   `{ "variants": { "new-code": 80, "new-link": 20 } }`;
 * - the visitor's bucket is a stable hash of the device guid, so a reload or a later visit gets the same
 *   variant; without the entry everybody gets `new-code`.
 *
 * The old UI is the one-shot sign-up (`/verify/register/*` then `/register/*`), which only knows codes.
 */
export type RegisterUi = 'new' | 'old';
export type VerifyMode = 'code' | 'link';

export interface RegisterVariant {
  ui: RegisterUi;
  verify: VerifyMode;
}

export const DEFAULT_VARIANT: RegisterVariant = { ui: 'new', verify: 'code' };

/** `new-code` → {ui: new, verify: code}; anything else → null. */
export function parseVariant(name: unknown): RegisterVariant | null {
  if (typeof name !== 'string') return null;
  const match = /^(new|old)-(code|link)$/.exec(name.trim());
  if (!match) return null;
  return normalise({ ui: match[1] as RegisterUi, verify: match[2] as VerifyMode });
}

export function variantName(variant: RegisterVariant): string {
  return `${variant.ui}-${variant.verify}`;
}

function normalise(variant: RegisterVariant): RegisterVariant {
  return variant.ui === 'old' ? { ui: 'old', verify: 'code' } : variant;
}

/** FNV-1a over the guid, 0..9999: stable across visits, spread evenly. */
export function bucketOf(guid: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < guid.length; i++) {
    hash ^= guid.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 10_000;
}

/**
 * `{ui, showType}` (the query parameters' values; a missing one takes the default's) → the variant;
 * null when neither is a known value.
 */
export function parseVariantFields(config: unknown): RegisterVariant | null {
  if (typeof config !== 'object' || config === null) return null;
  const { ui, showType } = config as { ui?: unknown; showType?: unknown };
  const knownUi = ui === 'new' || ui === 'old' ? ui : null;
  const knownVerify = showType === 'code' || showType === 'link' ? showType : null;
  if (!knownUi && !knownVerify) return null;
  return normalise({ ui: knownUi ?? DEFAULT_VARIANT.ui, verify: knownVerify ?? DEFAULT_VARIANT.verify });
}

/** The variant the web config assigns to this guid. */
export function assignedVariant(config: unknown, guid: string): RegisterVariant {
  const single = parseVariant(config) ?? parseVariantFields(config);
  if (single) return single;
  const weights = (config as { variants?: unknown } | null | undefined)?.variants;
  if (!weights || typeof weights !== 'object') return DEFAULT_VARIANT;
  const entries = Object.entries(weights as Record<string, unknown>)
    .map(
      ([name, weight]) =>
        [parseVariant(name), typeof weight === 'number' && weight > 0 ? weight : 0] as const,
    )
    .filter((entry): entry is readonly [RegisterVariant, number] => entry[0] !== null && entry[1] > 0);
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  if (total === 0) return DEFAULT_VARIANT;
  let point = (bucketOf(guid) / 10_000) * total;
  for (const [variant, weight] of entries) {
    if (point < weight) return variant;
    point -= weight;
  }
  return entries[entries.length - 1]?.[0] ?? DEFAULT_VARIANT;
}

/** The query wins per dimension (`ui=old`, `show_type=link`); the assignment fills the rest. */
export function chooseVariant(input: {
  ui?: string | null;
  showType?: string | null;
  assigned: RegisterVariant;
}): RegisterVariant {
  const ui = input.ui === 'new' || input.ui === 'old' ? input.ui : input.assigned.ui;
  const verify =
    input.showType === 'code' || input.showType === 'link' ? input.showType : input.assigned.verify;
  return normalise({ ui, verify });
}
