import { useEffect, useEffectEvent } from 'react';
import { useT } from '../../i18n';
import { ResendButton } from '../../components/auth/code-fields';
import { StepHeading } from '../../components/auth/fields';
import type { Sent } from '../../components/auth/code-step';
import { registrationVerified } from './register-api';

/** How often the link variant asks whether the link was opened (in another tab or device). */
export const LINK_POLL_MS = 3_000;

/** Step 2 (link variant): a link went out; this tab polls verify/result and moves on when it was opened. */
export function LinkStep({
  sent,
  onVerified,
  onResend,
  onBack,
}: {
  sent: Sent;
  onVerified: () => void;
  onResend: () => Promise<number | undefined>;
  onBack: () => void;
}) {
  const t = useT('inverse');
  const verified = useEffectEvent(onVerified);
  // One poll loop per flow id.
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () => {
      registrationVerified(sent.uuid)
        .catch(() => false)
        .then((isVerified) => {
          if (!live) return;
          if (isVerified) verified();
          else timer = setTimeout(poll, LINK_POLL_MS);
        });
    };
    timer = setTimeout(poll, LINK_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [sent.uuid]);

  return (
    <div className="gh-form">
      <StepHeading focus>{t('register.link.title')}</StepHeading>
      <p>{t('register.link.sentTo', { target: sent.loginName })}</p>
      <p role="status">{t('register.link.waiting')}</p>
      <div className="gh-links">
        <ResendButton seconds={sent.resendIn} onResend={onResend} />
        <button type="button" className="gh-link-button" onClick={onBack}>
          {t('auth.changeAccount')}
        </button>
      </div>
    </div>
  );
}
