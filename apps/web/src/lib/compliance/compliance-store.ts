import {
  matchComplianceRules,
  rulesNeedAccount,
  type ComplianceRule,
  type SiteId,
} from '@gatehouse/contract';

/** The rule in force per element, as subscribers receive it. */
export type ComplianceView = Readonly<Record<string, ComplianceRule>>;

export interface ComplianceStore {
  /** The site's rules (`GET /compliance/v1/config`). */
  setRules(rules: readonly ComplianceRule[]): void;
  /** Regulation ready (spec §4): the regulation country is known (`EEA` or ``). */
  setRegulationCountry(rc: string): void;
  /** Profile ready (spec §4): the account is known; its KYC country, or null (none, or logged out). */
  setAccount(kycCountry: string | null): void;
  /** Called with every published view; a late subscriber gets the last one at once. */
  subscribe(listener: (view: ComplianceView) => void): () => void;
}

const keyOf = (view: ComplianceView) =>
  JSON.stringify(
    Object.keys(view)
      .sort()
      .map((element) => [element, view[element]?.action, view[element]?.ext ?? null]),
  );

/**
 * The web's compliance store (spec §4): "regulation ready" once the regulation country is known,
 * "profile ready" once the account is. Subscribers get the filtered rules (contract
 * `matchComplianceRules`, §5) once regulation is ready, and again once the profile is ready when a
 * rule of the site needs an account; after that it republishes only when the filtered result changes.
 */
export function createComplianceStore(siteId: SiteId): ComplianceStore {
  let rules: readonly ComplianceRule[] | null = null;
  let rc: string | null = null;
  let profileReady = false;
  let account: string | null = null;
  let published: { key: string; view: ComplianceView } | null = null;
  let publishedWithProfile = false;
  const listeners = new Set<(view: ComplianceView) => void>();

  const publish = () => {
    if (rules === null || rc === null) return;
    const view = matchComplianceRules(rules, { siteId, account: profileReady ? account : null, rc });
    const key = keyOf(view);
    // Once more when the profile arrives and a rule needs it, even if the view did not change.
    const profileRound = profileReady && !publishedWithProfile && rulesNeedAccount(rules, siteId);
    if (published && published.key === key && !profileRound) return;
    if (profileReady) publishedWithProfile = true;
    published = { key, view };
    for (const listener of listeners) listener(view);
  };

  return {
    setRules(next) {
      rules = next;
      publish();
    },
    setRegulationCountry(next) {
      rc = next;
      publish();
    },
    setAccount(kycCountry) {
      profileReady = true;
      account = kycCountry;
      publish();
    },
    subscribe(listener) {
      listeners.add(listener);
      if (published) listener(published.view);
      return () => listeners.delete(listener);
    },
  };
}
