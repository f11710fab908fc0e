import type { TwoFactorSetup, TwoFactorStatus } from '@gatehouse/contract';
import { useState } from 'react';
import { toast } from '../../components/feedback/toast';
import { useI18n, useT } from '../../i18n';
import { useApiData } from '../../lib/use-api-data';
import { useSubmit } from '../../lib/use-submit';
import { LostDevice } from './lost-device';
import { formatWhen } from './problem-text';
import { BackupCodes, PasswordStep, ScanStep } from './setup-steps';
import { TurnOffForm } from './turn-off-form';
import { cancelUnbind, fetchTwoFactorStatus } from './two-factor-api';
import '../../components/auth/auth.css';

type View =
  | { kind: 'status' }
  | { kind: 'password' }
  | { kind: 'scan'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'turn-off' }
  | { kind: 'lost' };

/**
 * The dashboard's "Two-factor authentication" (issue 17, docs/flows/two-factor.md): on or off, turning
 * it on (password → QR code and key → a code → the backup codes, once), turning it off with a code,
 * and the lost-device removal by e-mail with its waiting period (and its cancel).
 */
export function TwoFactorSection() {
  const t = useT('inverse');
  const { language } = useI18n();
  const status = useApiData('two-factor', () => fetchTwoFactorStatus());
  const [view, setView] = useState<View>({ kind: 'status' });
  const back = () => setView({ kind: 'status' });
  const changed = (message: string) => {
    toast(message, { kind: 'success' });
    setView({ kind: 'status' });
    status.reload();
  };
  const { submit: stopRemoval, busy: stopping } = useSubmit(async () => {
    await cancelUnbind().catch(() => {});
    changed(t('twoFactor.unbind.cancelled'));
  });

  return (
    <section aria-labelledby="dashboard-2fa">
      <h2 id="dashboard-2fa">{t('dashboard.twoFactor')}</h2>
      {view.kind === 'password' && (
        <PasswordStep onStarted={(setup) => setView({ kind: 'scan', setup })} onCancel={back} />
      )}
      {view.kind === 'scan' && (
        <ScanStep
          setup={view.setup}
          onEnabled={(codes) => {
            setView({ kind: 'codes', codes });
            status.reload();
          }}
          onCancel={back}
        />
      )}
      {view.kind === 'codes' && <BackupCodes codes={view.codes} onDone={back} />}
      {view.kind === 'turn-off' && (
        <TurnOffForm onDone={() => changed(t('twoFactor.disable.disabled'))} onCancel={back} />
      )}
      {view.kind === 'lost' && (
        <LostDevice onScheduled={() => changed(t('twoFactor.unbind.requested'))} onCancel={back} />
      )}
      {view.kind === 'status' && (
        <Status
          status={status.data}
          failed={status.error !== undefined}
          language={language}
          onRetry={status.reload}
          onTurnOn={() => setView({ kind: 'password' })}
          onTurnOff={() => setView({ kind: 'turn-off' })}
          onLost={() => setView({ kind: 'lost' })}
          onStopRemoval={() => void stopRemoval()}
          stopping={stopping}
        />
      )}
    </section>
  );
}

function Status({
  status,
  failed,
  language,
  onRetry,
  onTurnOn,
  onTurnOff,
  onLost,
  onStopRemoval,
  stopping,
}: {
  status: TwoFactorStatus | undefined;
  failed: boolean;
  language: string;
  onRetry: () => void;
  onTurnOn: () => void;
  onTurnOff: () => void;
  onLost: () => void;
  onStopRemoval: () => void;
  stopping: boolean;
}) {
  const t = useT('inverse');
  if (failed && !status) {
    return (
      <div role="alert">
        <p>{t('twoFactor.section.error')}</p>
        <button type="button" className="gh-button" onClick={onRetry}>
          {t('dashboard.retry')}
        </button>
      </div>
    );
  }
  if (!status) return <p role="status">{t('twoFactor.section.loading')}</p>;
  if (!status.enabled) {
    return (
      <>
        <p>{t('twoFactor.section.offText')}</p>
        <button type="button" className="gh-button" onClick={onTurnOn}>
          {t('twoFactor.section.turnOn')}
        </button>
      </>
    );
  }
  return (
    <>
      <p>
        {t('twoFactor.section.onText', {
          date: formatWhen(status.enabled_at ?? 0, language),
          count: status.backup_codes_left,
        })}
      </p>
      {status.unbind_effective_at !== null ? (
        <>
          <p className="gh-notice" role="status">
            {t('twoFactor.unbind.scheduled', { date: formatWhen(status.unbind_effective_at, language) })}
          </p>
          <button type="button" className="gh-button" onClick={onStopRemoval} disabled={stopping}>
            {t('twoFactor.unbind.cancel')}
          </button>
        </>
      ) : (
        <div className="gh-links">
          <button type="button" className="gh-button" onClick={onTurnOff}>
            {t('twoFactor.section.turnOff')}
          </button>
          <button type="button" className="gh-link-button" onClick={onLost}>
            {t('twoFactor.unbind.lost')}
          </button>
        </div>
      )}
    </>
  );
}
