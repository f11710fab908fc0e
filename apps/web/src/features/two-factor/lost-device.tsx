import type { TwoFactorUnbindSent } from '@gatehouse/contract';
import { useState, type FormEvent } from 'react';
import { DigitsField } from './digits-field';
import { useT } from '../../i18n';
import { useSubmit } from '../../lib/use-submit';
import { problemText } from './problem-text';
import { confirmUnbind, sendUnbindCode } from './two-factor-api';

/**
 * Lost device (spec §8 "unbind Google 2FA"): a code to the account's e-mail, then the removal is
 * scheduled after the waiting period (the server mails both). The client shows the send call's own
 * refusals (20035 as 35300).
 */
export function LostDevice({ onScheduled, onCancel }: { onScheduled: () => void; onCancel: () => void }) {
  const t = useT('inverse');
  const [sent, setSent] = useState<TwoFactorUnbindSent | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { submit: send, busy: sending } = useSubmit(async () => {
    const answer = await sendUnbindCode();
    if (answer) setSent(answer);
  });
  const { submit: confirm, busy: confirming } = useSubmit(async (entered: string) => {
    const outcome = await confirmUnbind(entered);
    if (outcome.ok) return onScheduled();
    setCode('');
    setError(problemText(t, outcome.problem, t('auth.code.expired')));
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(code.length === 6 ? undefined : t('auth.code.invalid'));
    if (code.length === 6) void confirm(code);
  };

  if (!sent) {
    return (
      <div>
        <p>{t('twoFactor.unbind.lostText')}</p>
        <div className="gh-links">
          <button type="button" className="gh-button" disabled={sending} onClick={() => void send()}>
            {t('twoFactor.unbind.send')}
          </button>
          <button type="button" className="gh-link-button" onClick={onCancel}>
            {t('twoFactor.section.cancel')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form className="gh-form" noValidate onSubmit={submit} aria-busy={confirming}>
      <p role="status">{t('auth.code.sentTo', { target: sent.masked_target })}</p>
      <DigitsField
        id="two-factor-unbind-code"
        name="code"
        label={t('auth.code.label')}
        required
        value={code}
        onValueChange={setCode}
        error={error}
      />
      <div className="gh-links">
        <button type="submit" className="gh-button" disabled={confirming}>
          {t('twoFactor.unbind.confirm')}
        </button>
        <button type="button" className="gh-link-button" onClick={onCancel}>
          {t('twoFactor.section.cancel')}
        </button>
      </div>
    </form>
  );
}
