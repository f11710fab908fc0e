import { captchaSceneFor, RetCode, type SiteId } from '@gatehouse/contract';
import * as endpoints from '@gatehouse/contract/endpoints/telegram';
import { Suspense, useEffect, useReducer, useState, type ReactNode } from 'react';
import { insideTelegram, onCode } from '../../api';
import { useBootstrap } from '../../lib/bootstrap-context';
import { openModal } from '../../components/feedback/modal';
import { toast } from '../../components/feedback/toast';
import { PageIntro } from '../../components/page-intro';
import { useLocalePath } from '../../lib/page-location';
import { PageLoading } from '../../components/shell/page-loading';
import { useT } from '../../i18n';
import { failureOf } from '../../lib/api-error';
import { useAuthContext } from '../../lib/auth/auth-context';
import { useApiData } from '../../lib/use-api-data';
import { AuthFlowContext, type AuthFlow, type AuthOutcome, type SignInForms } from '../../lib/auth/auth-flow';
import '../../components/auth/auth.css';
import { errorText } from '../../lib/error-text';
import { goAfterAuth } from '../../lib/auth/use-after-auth';
import { runCaptcha } from '../../lib/captcha';
import { bindResultView, type BindVia } from './bind-result';
import { readLinkDecision, writeLinkDecision } from './link-decision';
import { closeMiniApp, showBackButton, startMiniApp } from './mini-app-sdk';
import { useReauth } from './reauth-dialog';
import { BIND_SUCCESS_TOAST_MS, showBindResult } from './show-bind-result';
import { TelegramAccountCard } from './telegram-account-card';
import {
  isTelegramBound,
  setOnePeopleBind,
  thirdPartyLoginMini,
  type ThirdPartyNotBoundResult,
} from './telegram-api';
import './telegram.css';
import { useTelegramTheme } from './use-telegram-theme';
import { AuthorisationScreen } from './authorisation-screen';
import {
  afterAuth,
  canGoBack,
  INITIAL_STATE,
  miniAppReducer,
  pendingIdToSend,
  type MiniAppState,
} from './mini-app-machine';

type StartOutcome =
  | { kind: 'logged-in'; tgBindResult: string | undefined }
  | { kind: 'not-bound'; result: ThirdPartyNotBoundResult }
  | { kind: 'expired' }
  | { kind: 'failed'; text?: string };

async function thirdPartyLogin(initDataRaw: string, site: SiteId): Promise<StartOutcome> {
  const scene = captchaSceneFor('thirdParty', site);
  const attempt = async (force: boolean) =>
    thirdPartyLoginMini(initDataRaw, await runCaptcha(scene, force ? { force } : {}));
  try {
    let result;
    try {
      result = await attempt(false);
    } catch (error) {
      // The site's captcha configuration was not known when asked: the server decides, once.
      if (failureOf(error).code !== RetCode.CaptchaRequired) throw error;
      result = await attempt(true);
    }
    return result ? { kind: 'logged-in', tgBindResult: result.tg_bind_result } : { kind: 'failed' };
  } catch (error) {
    const { code, envelope } = failureOf(error);
    const expired = (): StartOutcome => ({ kind: 'expired' });
    const handled = onCode<typeof endpoints.thirdPartyLogin, StartOutcome | undefined>(
      endpoints.thirdPartyLogin,
      code,
      {
        [RetCode.ThirdPartyNotBound]: () =>
          envelope?.result
            ? { kind: 'not-bound', result: envelope.result as ThirdPartyNotBoundResult }
            : undefined,
        [RetCode.TelegramAuthInvalid]: expired,
        [RetCode.TelegramAuthExpired]: expired,
      },
    );
    if (handled) return handled;
    if (!envelope) return { kind: 'failed' };
    return { kind: 'failed', text: `${code}: ${await errorText(code, envelope.ret_msg)}` };
  }
}

// One start per launch: init data logs in once (the server refuses a replay), and React's strict mode
// runs effects twice in development.
const starts = new Map<string, Promise<StartOutcome>>();
function startOnce(initDataRaw: string, site: SiteId): Promise<StartOutcome> {
  let start = starts.get(initDataRaw);
  if (!start) {
    start = thirdPartyLogin(initDataRaw, site);
    starts.set(initDataRaw, start);
  }
  return start;
}

/**
 * `/telegram-register-login` inside the Telegram Mini App (spec §2 Telegram steps, §4 transitions).
 * The SDK gives the launch (platform, init data, theme, back button); the Telegram account logs in,
 * or the user logs in or signs up (the login and sign-up pages, embedded through AuthFlowContext) and
 * then decides on linking. The steps are `mini-app-machine.ts`; this component runs their calls.
 * `forms` are the login and sign-up pages, handed in by the app (`app/routes/telegram-register-login-route.tsx`).
 */
export function TelegramRegisterLoginPage({ forms }: { forms: SignInForms }) {
  const t = useT('inverse');
  const { site, product, telegram: telegramConfig } = useBootstrap();
  const ctx = useAuthContext();
  const to = useLocalePath();
  const [launch] = useState(() => startMiniApp());
  // Outside Telegram, or Telegram off on this server (no bot token): nothing to start.
  const [state, dispatch] = useReducer(miniAppReducer, INITIAL_STATE, (initial) =>
    !launch
      ? miniAppReducer(initial, { type: 'outside' })
      : !telegramConfig
        ? miniAppReducer(initial, { type: 'unavailable' })
        : initial,
  );
  const [startError, setStartError] = useState<string | undefined>();
  const [linkError, setLinkError] = useState<string | undefined>();
  const reauth = useReauth();
  const themeRef = useTelegramTheme(launch?.dark ?? false);
  const botName = telegramConfig?.botName ?? 'Telegram';
  const telegramUserId = launch?.user?.id;

  /** After a login or sign-up: the bind result (§4), then link-authorisation or the Telegram home. */
  const finishAuth = async ({ newUser, tgBindResult }: AuthOutcome): Promise<void> => {
    const via: BindVia = newUser ? 'register' : 'login';
    const view = bindResultView(tgBindResult, via, site);
    let leftForAccount = false;
    await showBindResult(t, view, () => {
      leftForAccount = true;
      ctx.navigate(to('/dashboard'));
    });
    if (leftForAccount) return;
    const decided = telegramUserId ? readLinkDecision(product, telegramUserId) !== null : true;
    // Bound already (logged in through Telegram, or the pending bind went through); after a failed
    // pending bind the modal just explained why, so the link screen would only fail the same way.
    const settled = Boolean(tgBindResult?.startsWith('success|')) || view.kind === 'failure';
    const bound = settled || (await isTelegramBound());
    const next = afterAuth({
      via,
      decided,
      bound,
      telegramCapable: Boolean(launch?.user) && insideTelegram(),
    });
    dispatch({ type: 'authenticated', newUser, next });
    if (next === 'leave') goAfterAuth(ctx, { newUser });
  };

  const started = async (outcome: StartOutcome) => {
    if (outcome.kind === 'logged-in') {
      await finishAuth({
        newUser: false,
        ...(outcome.tgBindResult ? { tgBindResult: outcome.tgBindResult } : {}),
      });
    } else if (outcome.kind === 'not-bound') {
      const { tg_pending_id: pendingId, telegram_user: user } = outcome.result;
      dispatch({ type: 'not-bound', telegram: { pendingId, user } });
    } else if (outcome.kind === 'expired') {
      dispatch({ type: 'auth-failed' });
      await openSessionExpired();
    } else {
      setStartError(outcome.text);
      dispatch({ type: 'unavailable' });
    }
  };

  const openSessionExpired = async () => {
    await openModal({
      title: t('telegram.expired.title'),
      description: t('telegram.expired.text'),
      confirmLabel: t('telegram.expired.close'),
      dismissible: false,
    });
    closeMiniApp();
  };

  // Once per launch: the Telegram account logs in, or the page says why not.
  useApiData(
    launch && telegramConfig ? launch.initDataRaw : null,
    () => startOnce(launch?.initDataRaw ?? '', site),
    {
      onData: (outcome) => void started(outcome),
    },
  );

  // Telegram's back icon, while there is somewhere to go back to.
  const backable = canGoBack(state);
  useEffect(() => showBackButton(backable ? () => dispatch({ type: 'back' }) : null), [backable]);

  const acceptLink = async () => {
    if (telegramUserId) writeLinkDecision(product, telegramUserId, 'accepted');
    dispatch({ type: 'accept' });
    setLinkError(undefined);
    try {
      // The security check: the server asks for the password again unless the session is fresh.
      const outcome = await reauth.run((proof) => setOnePeopleBind(state.allowBotMessages, proof));
      if (!outcome.ok) {
        dispatch({ type: 'link-cancelled' });
        return;
      }
      toast(t('telegram.result.linked'), { durationMs: BIND_SUCCESS_TOAST_MS, kind: 'success' });
      dispatch({ type: 'linked' });
      goAfterAuth(ctx, { newUser: state.newUser });
    } catch (error) {
      const { code, envelope } = failureOf(error);
      setLinkError(
        envelope ? `${code}: ${await errorText(code, envelope.ret_msg)}` : t('auth.errors.generic'),
      );
      dispatch({ type: 'link-cancelled' });
    }
  };

  const declineLink = () => {
    if (telegramUserId) writeLinkDecision(product, telegramUserId, 'declined');
    dispatch({ type: 'decline' });
    goAfterAuth(ctx, { newUser: state.newUser });
  };

  const pendingId = pendingIdToSend(state);
  const flow: AuthFlow = { extraBody: pendingId ? { tg_pending_id: pendingId } : {}, onDone: finishAuth };

  // Without Telegram's chrome (the local simulator) there is no native back icon: offer one in the page.
  const pageBack =
    backable && launch && !launch.hosted ? (
      <p>
        <button type="button" className="gh-link-button" onClick={() => dispatch({ type: 'back' })}>
          {t('telegram.back')}
        </button>
      </p>
    ) : null;

  return (
    <div ref={themeRef} className="gh-tg-page">
      <Step
        forms={forms}
        state={state}
        dispatch={dispatch}
        botName={botName}
        product={product}
        startError={startError}
        linkError={linkError}
        pageBack={pageBack}
        flow={flow}
        onAcceptLink={() => void acceptLink()}
        onDeclineLink={declineLink}
        onCloseMiniApp={closeMiniApp}
      />
      {reauth.dialog}
    </div>
  );
}

interface StepProps {
  forms: SignInForms;
  state: MiniAppState;
  dispatch: (event: Parameters<typeof miniAppReducer>[1]) => void;
  botName: string;
  product: string;
  startError: string | undefined;
  linkError: string | undefined;
  pageBack: ReactNode;
  flow: AuthFlow;
  onAcceptLink: () => void;
  onDeclineLink: () => void;
  onCloseMiniApp: () => void;
}

function Step({
  forms: { Login, Register },
  state,
  dispatch,
  botName,
  product,
  startError,
  linkError,
  pageBack,
  flow,
  onAcceptLink,
  onDeclineLink,
  onCloseMiniApp,
}: StepProps) {
  const t = useT('inverse');
  const title = t('pages.telegram-register-login.title');
  // The header title of the step (the back icon resets it).
  const heading = t(`telegram.title.${state.title}`);
  const user = state.telegram?.user ?? null;

  switch (state.step) {
    case 'outside':
      return <PageIntro title={title} text={t('telegram.outside')} />;
    case 'unavailable':
      return (
        <PageIntro title={title} text={t('telegram.unavailable')}>
          {startError && (
            <p role="alert" className="gh-alert">
              {startError}
            </p>
          )}
        </PageIntro>
      );
    case 'expired':
      return (
        <PageIntro title={title} text={t('telegram.expired.text')}>
          <button type="button" className="gh-button" onClick={onCloseMiniApp}>
            {t('telegram.expired.close')}
          </button>
        </PageIntro>
      );
    case 'starting':
    case 'linking':
    case 'leaving':
      return (
        <PageIntro title={heading} text={t('pages.telegram-register-login.intro')}>
          <p role="status">{t(state.step === 'linking' ? 'telegram.linking' : 'telegram.connecting')}</p>
        </PageIntro>
      );
    case 'authorisation-login':
    case 'link-authorisation': {
      const kind = state.step === 'authorisation-login' ? 'login' : 'link';
      return (
        <PageIntro title={heading} text={t(`telegram.intro.${kind}`, { product })}>
          {pageBack}
          <AuthorisationScreen
            kind={kind}
            user={user}
            botName={botName}
            product={product}
            allowBotMessages={state.allowBotMessages}
            onAllowBotMessages={(value) => dispatch({ type: 'allow-bot-messages', value })}
            onAccept={kind === 'login' ? () => dispatch({ type: 'accept' }) : onAcceptLink}
            onDecline={kind === 'login' ? () => dispatch({ type: 'decline' }) : onDeclineLink}
            error={kind === 'link' ? linkError : undefined}
          />
        </PageIntro>
      );
    }
    case 'register-or-login':
      if (state.mode === 'account') {
        // The embedded page brings its own heading and document title.
        return (
          <>
            {pageBack}
            <AuthFlowContext.Provider value={flow}>
              {state.form === 'login' ? (
                <Login />
              ) : (
                <Suspense fallback={<PageLoading />}>
                  <Register />
                </Suspense>
              )}
            </AuthFlowContext.Provider>
          </>
        );
      }
      return (
        <PageIntro title={heading} text={t('telegram.choose.intro', { product })}>
          {user && <TelegramAccountCard user={user} />}
          <div className="gh-tg-actions">
            <button
              type="button"
              className="gh-button"
              onClick={() => dispatch({ type: 'choose', form: 'login' })}
            >
              {t('telegram.choose.login')}
            </button>
            <button
              type="button"
              className="gh-button gh-button-secondary"
              onClick={() => dispatch({ type: 'choose', form: 'register' })}
            >
              {t('telegram.choose.register')}
            </button>
          </div>
        </PageIntro>
      );
  }
}
