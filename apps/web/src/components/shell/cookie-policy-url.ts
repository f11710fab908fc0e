import type { PolicyLinkKind } from '@gatehouse/contract';

/**
 * Paths of the policy pages on the site's own brand domain (each regional entity publishes its own
 * policies, so the link stays on the current origin), in the page's language.
 */
const POLICY_PATHS: Readonly<Record<PolicyLinkKind, string>> = {
  'privacy-policy': '/privacy-policy',
  'cookie-policy': '/cookie-policy',
  'help-center-article': '/help-center/article/cookie-notice',
};

export function cookiePolicyUrl(kind: PolicyLinkKind, locale: string): string {
  return `/${locale}${POLICY_PATHS[kind]}`;
}
