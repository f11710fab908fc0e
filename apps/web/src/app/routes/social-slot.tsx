import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import type { SocialSignIn as SocialSignInComponent } from '../../features/social-login/social-sign-in';
import { whenPageIdle } from '../../lib/when-page-idle';

// "Or continue with" loads once the page is idle: the login and sign-up pages' first load stays
// within its budget (ADR 0009, npm run bench:web). The slot keeps its place meanwhile, so the page
// below it does not move when the buttons come in (no layout shift).
const SocialSignIn = lazy(() =>
  import('../../features/social-login/social-sign-in').then((m) => ({ default: m.SocialSignIn })),
);

/** The room the group takes: its heading and one row per button (auth.css `.gh-social-slot`). */
export function SocialSlot({
  rows,
  ...props
}: { rows: number } & ComponentProps<typeof SocialSignInComponent>) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenPageIdle(() => setIdle(true)), []);
  return (
    <div className="gh-social-slot" data-rows={Math.min(rows, 4)}>
      {idle && (
        <Suspense fallback={null}>
          <SocialSignIn {...props} />
        </Suspense>
      )}
    </div>
  );
}
