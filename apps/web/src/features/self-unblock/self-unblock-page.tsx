import { RetCode, SELF_UNBAN_WINDOW_MS, type BanInfo } from '@gatehouse/contract';
import * as endpoints from '@gatehouse/contract/endpoints/self-unblock';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { onCode } from '../../api';
import { CodeStep, type Sent } from '../../components/auth/code-step';
import { FormAlert, StepHeading } from '../../components/auth/fields';
import { PageIntro } from '../../components/page-intro';
import { useT } from '../../i18n';
import { failureOf, resultNumber } from '../../lib/api-error';
import { useBootstrap } from '../../lib/bootstrap-context';
import { errorText } from '../../lib/error-text';
import { useLocalePath } from '../../lib/page-location';
import { useApiData } from '../../lib/use-api-data';
import { useSubmit } from '../../lib/use-submit';
import { fetchBan, liftBan, sendUnblockCode } from './self-unblock-api';

/** Spec §9: times in UTC, `YYYY-MM-DD HH:mm:ss`. */
const utc = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');

/** What the page can offer for the ban behind the cookie. */
type Status =
  | { kind: 'none' }
  | { kind: 'support'; ban: BanInfo }
  | { kind: 'later'; ban: BanInfo; opensAt: number }
  | { kind: 'available'; ban: BanInfo };

function statusOf(ban: BanInfo, siteOffers: boolean, now = Date.now()): Status {
  if (ban.baned_time === null) return { kind: 'none' };
  if (!ban.is_self_help_baned || !siteOffers) return { kind: 'support', ban };
  const opensAt = ban.baned_time + SELF_UNBAN_WINDOW_MS;
  return now < opensAt ? { kind: 'later', ban, opensAt } : { kind: 'available', ban };
}

/**
 * `/self-unblock` (spec §2, §4 ban flow; docs/flows/ban.md): reads the ban with the self_unbind_token
 * cookie; where self-help is allowed and 24 h have passed, a code to the account's e-mail or mobile
 * (after the site's login captcha) lifts it, and the user goes back to login with a notice.
 */
export function SelfUnblockPage() {
  const t = useT('inverse');
  const { siteDefinition } = useBootstrap();
  const to = useLocalePath();
  const [, navigate] = useLocation();
  const [sent, setSent] = useState<Sent | null>(null);
  const [alert, setAlert] = useState<string | undefined>();
  const ban = useApiData('ban', fetchBan);
  const status = ban.data ? statusOf(ban.data, siteDefinition.selfUnblock) : null;

  const explain = async (error: unknown): Promise<string | undefined> => {
    const { code, envelope, toasted } = failureOf(error);
    const expired = () => t('auth.code.expired');
    const handled = onCode<typeof endpoints.selfUnblock, string>(endpoints.selfUnblock, code, {
      [RetCode.VerifyCodeInvalid]: () => {
        const left = resultNumber(envelope, 'remaining_attempts');
        return left === undefined ? t('auth.code.wrongPlain') : t('auth.code.wrong', { count: left });
      },
      [RetCode.VerifyCodeExpired]: expired,
      [RetCode.VerifyCodeAttemptsExceeded]: expired,
      [RetCode.SelfUnbanUnavailable]: () => {
        // The ban changed meanwhile (lifted, replaced, or the cookie expired): show what holds now.
        setSent(null);
        ban.reload();
        return t('selfUnblock.notHere');
      },
    });
    if (handled !== undefined) return handled;
    if (toasted) return undefined;
    return envelope ? errorText(code, envelope.ret_msg) : t('auth.errors.generic');
  };

  /** The site's login captcha, then the send; retried once on 10026. null: cancelled or unavailable. */
  const send = async (): Promise<Sent | null> => {
    const { sendWithCaptcha } = await import('../../lib/auth/send-with-captcha');
    const answer = await sendWithCaptcha('login', siteDefinition.id, {}, (captcha) =>
      sendUnblockCode(captcha),
    );
    return answer && { uuid: '', loginName: answer.value.masked_target, resendIn: answer.value.resend_in };
  };

  const { submit: start, busy } = useSubmit(async () => {
    setAlert(undefined);
    try {
      const next = await send();
      if (next) setSent(next);
    } catch (error) {
      setAlert(await explain(error));
    }
  });

  const backToLogin = <Link href={to('/login')}>{t('selfUnblock.backToLogin')}</Link>;

  return (
    <PageIntro title={t('pages.self-unblock.title')} text={t('pages.self-unblock.intro')}>
      {ban.loading && !status && <p role="status">{t('selfUnblock.checking')}</p>}
      {(ban.error !== undefined || status?.kind === 'none') && (
        <>
          <p role="status">{t('selfUnblock.noBan')}</p>
          <p>{backToLogin}</p>
        </>
      )}
      {status && status.kind !== 'none' && !sent && (
        <div className="gh-form">
          <StepHeading focus={false}>{t('login.banned.title')}</StepHeading>
          <p>
            {status.ban.baned_until === null
              ? t('selfUnblock.indefinite')
              : t('selfUnblock.until', { time: utc(status.ban.baned_until) })}
          </p>
          {status.kind === 'support' && <p role="status">{t('selfUnblock.notHere')}</p>}
          {status.kind === 'later' && (
            <p role="status">{t('selfUnblock.notYet', { time: utc(status.opensAt) })}</p>
          )}
          {status.kind === 'available' && (
            <form
              method="post"
              noValidate
              aria-busy={busy}
              onSubmit={(event) => {
                event.preventDefault();
                void start();
              }}
            >
              <p>{t('selfUnblock.available')}</p>
              <FormAlert id="self-unblock-alert">{alert}</FormAlert>
              <button type="submit" className="gh-button" disabled={busy}>
                {t('selfUnblock.send')}
              </button>
            </form>
          )}
          <p>{backToLogin}</p>
        </div>
      )}
      {sent && (
        <CodeStep
          id="self-unblock-code"
          sent={sent}
          onSubmit={async (code) => {
            try {
              await liftBan(code);
              navigate(to('/login?source=self_unblock'));
              return undefined;
            } catch (error) {
              return explain(error);
            }
          }}
          onResend={async () => (await send())?.resendIn}
          onBack={() => setSent(null)}
          backLabel={t('selfUnblock.back')}
        />
      )}
    </PageIntro>
  );
}
