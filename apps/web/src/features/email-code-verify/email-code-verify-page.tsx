import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { PageIntro } from '../../app/page-intro';
import { useLocalePath } from '../../app/page-location';
import { useT } from '../../i18n';
import { failureOf } from '../auth-common/api-error';
import '../auth-common/auth.css';
import { recallRegistration, verifyRegistration } from '../register/register-api';

/**
 * `elsewhere`: verified here, but the sign-up belongs to another browser; `usedElsewhere`: the link
 * was used before, and this browser cannot see how the sign-up went.
 */
type State = 'checking' | 'verified' | 'elsewhere' | 'usedElsewhere' | 'done' | 'expired' | 'invalid';

/** contract RetCode: code/link wrong, expired, flow unknown, step already passed, flow of another browser. */
const EXPIRED = [20003, 20004, 20012];
const STEP_INVALID = 20005;
const NOT_BOUND = 20013;

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
          setState(failureOf(error).code === NOT_BOUND ? 'usedElsewhere' : 'expired'),
        );
    // Verified: the password may be set here only if this browser started the sign-up.
    const whereNext = () =>
      recallRegistration(uuid)
        .then(() => setState('verified'))
        .catch(() => setState('elsewhere'));
    verifyRegistration(uuid, { token }, true)
      .then(whereNext)
      .catch((error: unknown) => {
        const { code } = failureOf(error);
        if (code === STEP_INVALID) void fromRecall();
        else setState(EXPIRED.includes(code) ? 'expired' : 'invalid');
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
