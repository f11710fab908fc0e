import { Suspense } from 'react';
import { useSearch } from 'wouter';
import { AffiliateCard } from './affiliate-card';
import { visitorChannel } from './bonus-amount';
import { SignupBonus } from './signup-bonus';

/**
 * What the sign-up page shows above its form for the visitor's channel: the affiliate's card
 * (`?affiliate_id=`) and the bonus for this site and channel. Its own chunk, loaded once the page is
 * idle (app/routes/register-route.tsx), so the sign-up page load does not grow (ADR 0009).
 */
export function SignupChannelAside() {
  const search = useSearch();
  const query = new URLSearchParams(search);
  const affiliateId = query.get('affiliate_id')?.trim() ?? '';
  return (
    <Suspense fallback={null}>
      {affiliateId && <AffiliateCard affiliateId={affiliateId} groupId={query.get('group_id')} />}
      <SignupBonus channel={visitorChannel(search)} />
    </Suspense>
  );
}
