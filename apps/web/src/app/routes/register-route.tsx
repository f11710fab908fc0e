import { lazy, Suspense, useEffect, useState } from 'react';
import { RegisterPage } from '../../features/register/register-page';
import { whenPageIdle } from '../../lib/when-page-idle';

// The channel's part of the page (affiliate card, bonus) is a chunk of its own, asked for once the page
// is idle: the sign-up page load stays what it was (ADR 0009, npm run bench:web).
const SignupChannelAside = lazy(() =>
  import('../../features/channels/signup-channel-aside').then((m) => ({ default: m.SignupChannelAside })),
);

/**
 * `/register`, `/sign-up` and the channel sign-ups `/web2`, `/channel-register` (their `register_channel`
 * / `regist_channel` travel in the query into the channel record): the sign-up form with the visitor's
 * channel (affiliate card, bonus for this site) above it.
 */
export function RegisterRoute() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenPageIdle(() => setIdle(true)), []);
  return (
    <RegisterPage
      aside={
        idle ? (
          <Suspense fallback={null}>
            <SignupChannelAside />
          </Suspense>
        ) : null
      }
    />
  );
}
