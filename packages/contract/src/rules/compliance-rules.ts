import type { SiteId } from '../sites/site-types.js';

/**
 * What a page does with an element a compliance rule names (spec §3 "Compliance config rule", §4):
 * hide it, show it (it is hidden unless a rule shows it), or replace it by `ext` (a translation key
 * or a link, per element).
 */
export type ComplianceAction = 'hide' | 'show' | 'replace';

/** One compliance rule (spec §3): element, action, ext, siteId, account, rc, logic, priority. */
export interface ComplianceRule {
  /** The page element the rule is about, e.g. `signupBonus`, `phoneSignUp`. */
  element: string;
  action: ComplianceAction;
  /** The action's argument (the replacement for `replace`); absent otherwise. */
  ext?: string | undefined;
  /** The site the rule is for: it never applies elsewhere. */
  siteId: SiteId;
  /**
   * The account the rule is for, as the KYC country (alpha-2) of the logged-in account; unset
   * matches anything, including no account. A rule that sets it waits for the profile (§4).
   */
  account?: string | undefined;
  /** The regulation country the rule is for (`EEA`); unset matches anything. */
  rc?: string | undefined;
  /** `or`: account or rc may match; anything else (default `and`): both must. */
  logic?: 'or' | 'and' | undefined;
  /** Among rules for one element the highest wins; equal priorities: the first listed. */
  priority: number;
}

/** What the rules are matched against. */
export interface ComplianceContext {
  siteId: SiteId;
  /** The logged-in account's KYC country, or null (no account, no KYC, or profile not read yet). */
  account: string | null;
  /** The regulation country (§4): `EEA` or ``. */
  rc: string;
}

const unsetOr = (want: string | undefined, have: string | null): boolean =>
  want === undefined || want === have;

/**
 * Whether one rule applies (spec §5): siteId equals the current site, and account and rc match (an
 * unset value matches anything); with logic `or` either may match, otherwise both must.
 */
export function complianceRuleApplies(rule: ComplianceRule, ctx: ComplianceContext): boolean {
  if (rule.siteId !== ctx.siteId) return false;
  const account = unsetOr(rule.account, ctx.account);
  const rc = unsetOr(rule.rc, ctx.rc);
  return rule.logic === 'or' ? account || rc : account && rc;
}

/**
 * The rule in force for each element (spec §5): the applicable rules, and among those for one
 * element the one of highest priority (the first listed on a tie). Keyed by element.
 */
export function matchComplianceRules(
  rules: readonly ComplianceRule[],
  ctx: ComplianceContext,
): Record<string, ComplianceRule> {
  const out: Record<string, ComplianceRule> = {};
  for (const rule of rules) {
    if (!complianceRuleApplies(rule, ctx)) continue;
    const current = out[rule.element];
    if (current === undefined || rule.priority > current.priority) out[rule.element] = rule;
  }
  return out;
}

/** Whether any rule of the site waits for the account (§4: publish again once the profile is ready). */
export function rulesNeedAccount(rules: readonly ComplianceRule[], siteId: SiteId): boolean {
  return rules.some((r) => r.siteId === siteId && r.account !== undefined);
}
