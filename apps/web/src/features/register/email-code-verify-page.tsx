import { RetCode } from '@gatehouse/contract';
import * as endpoints from '@gatehouse/contract/endpoints/registration';
import { useEffect, useRef, useState } from 'react';
import { onCode } from '../../api';
import { Link, useSearch } from 'wouter';
import { PageIntro } from '../../components/page-intro';
import { useLocalePath } from '../../lib/page-location';
import { useT } from '../../i18n';
import { failureOf } from '../../lib/api-error';
import '../../components/auth/auth.css';
import { recallRegistration, verifyRegistration } from './register-api';

/**
 * `elsewhere`: verified here, but the sign-up belongs to another browser; `usedElsewhere`: the link
 * was used before, and this browser cannot see how the sign-up went.
 */
type State = 'checking' | 'verified' | 'elsewhere' | 'usedElsewhere' | 'done' | 'expired' | 'invalid';

/**
 * The sign-up link's landing (`?uuid=&token=`): confirms the address in whatever browser the mail
 * was opened, then says where to go on. The password is set only in the browser that started the
 * sign-up (docs/flows/registration.md, "Bound to the browser"): when this is that browser (recall
 * answers), on here or back to the first tab, which notices by itself (it polls verify/result);
 * otherwise back to that browser.
 */
export function EmailCodeVerifyPage() {
  const t = useT('inverse');
  const to = useLocalePath();
  const search = useSearch();
  const query = new URLSearchParams(search);
  const uuid = query.get('uuid') ?? '';
  const token = query.get('token') ?? '';
  const [state, setState] = useState<State>(uuid && token ? 'checking' : 'invalid');
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !uuid || !token) return;
    started.current = true;
    // A link opened twice (or checked twice) answers "step passed": recall says where the flow is.
    const fromRecall = () =>
      recallRegistration(uuid)
        .then((recall) =>
          setState(
            recall.recall_stage === 'commit_password'
              ? 'verified'
              : recall.recall_stage === 'commit_login'
                ? 'done'
                : 'invalid',
          ),
        )
        .catch((error: unknown) =>
          setState(failureOf(error).code === RetCode.RegisterFlowNotBound ? 'usedElsewhere' : 'expired'),
        );
    // Verified: the password may be set here only if this browser started the sign-up.
    const whereNext = () =>
      recallRegistration(uuid)
        .then(() => setState('verified'))
        .catch(() => setState('elsewhere'));
    verifyRegistration(uuid, { token }, true)
      .then(whereNext)
      .catch((error: unknown) => {
        const expired = (): true => {
          setState('expired');
          return true;
        };
        const handled = onCode<typeof endpoints.registerVerify, true>(
          endpoints.registerVerify,
          failureOf(error).code,
          {
            // Step already passed (a link opened twice): recall says where the flow is.
            [RetCode.RegisterStepInvalid]: () => {
              void fromRecall();
              return true;
            },
            [RetCode.VerifyCodeExpired]: expired,
            [RetCode.VerifyCodeAttemptsExceeded]: expired,
            [RetCode.RegisterFlowNotFound]: expired,
          },
        );
        if (!handled) setState('invalid');
      });
  }, [uuid, token]);

  return (
    <PageIntro title={t('pages.email-code-verify.title')} text={t('pages.email-code-verify.intro')}>
      {state === 'checking' && <p role="status">{t('verifyLink.checking')}</p>}
      {state === 'verified' && (
        <div role="status">
          <p className="gh-notice">{t('verifyLink.verified')}</p>
          <p>{t('verifyLink.returnToTab')}</p>
          <p>
            <Link className="gh-button" href={to(`/register?uuid=${encodeURIComponent(uuid)}`)}>
              {t('verifyLink.continueHere')}
            </Link>
          </p>
        </div>
      )}
      {(state === 'elsewhere' || state === 'usedElsewhere') && (
        <div role="status">
          <p className="gh-notice">
            {t(state === 'elsewhere' ? 'verifyLink.verified' : 'verifyLink.expired')}
          </p>
          <p>{t('verifyLink.continueInFirstBrowser')}</p>
        </div>
      )}
      {state === 'done' && (
        <p role="status">
          {t('verifyLink.done')} <Link href={to('/login')}>{t('register.logIn')}</Link>
        </p>
      )}
      {(state === 'expired' || state === 'invalid') && (
        <p role="alert">
          {t(state === 'expired' ? 'verifyLink.expired' : 'verifyLink.invalid')}{' '}
          <Link href={to('/register')}>{t('verifyLink.startAgain')}</Link>
        </p>
      )}
    </PageIntro>
  );
}
