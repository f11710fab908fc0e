import { FEATURE_CONFIG_KEY } from '@gatehouse/contract/feature-flags';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { deviceGuid } from '../../api/device-cookies';
import { useBootstrap } from '../../lib/bootstrap-context';
import { PageIntro } from '../../components/page-intro';
import { useLocalePath, usePageLocation } from '../../lib/page-location';
import { useT } from '../../i18n';
import { useApiData } from '../../lib/use-api-data';
import type { Identifier } from '../../lib/auth/identifier';
import { useAuthContext } from '../../lib/auth/auth-context';
import { useAuthFlow } from '../../lib/auth/auth-flow';
import { AccountStep, type AccountDraft } from './account-step';
import { ResidenceGuard } from './residence-guard';
import type { Sent } from '../../components/auth/code-step';
import { pageWebConfig } from '../../lib/web-config/page-web-config';
import type { RegisterContext, RegisterDraft, RegisterStep } from './register-actions';
import { assignedVariant, chooseVariant, DEFAULT_VARIANT, type RegisterVariant } from './register-variant';

// The calls, captcha, encryption, error texts and redirect (with the API client behind them) load when
// the visitor first uses the form, not with the page (issue 12: the form shows once the page's own code
// is in). The later steps load when the flow reaches them.
const loadActions = () => import('./register-actions');
const CodeStep = lazy(() =>
  import('../../components/auth/code-step').then((module) => ({ default: module.CodeStep })),
);
const LinkStep = lazy(() => import('./verify-steps').then((module) => ({ default: module.LinkStep })));
const NewPasswordStep = lazy(() =>
  import('../../components/auth/new-password-step').then((module) => ({ default: module.NewPasswordStep })),
);

/**
 * Sign-up (spec §2 flows, §4 registration steps): account and residence → code or link → password →
 * the redirect of §2. The UI variant (new/old, code/link) comes from the query or the A/B assignment;
 * `?uuid=` resumes a half-finished sign-up (recall). What happens on submit is in register-actions.ts.
 * `aside` is what the app shows above the account step (the sign-up channel's card and bonus).
 */
export function RegisterPage({ aside }: { aside?: ReactNode } = {}) {
  const t = useT('inverse');
  const { site, siteDefinition, passwordKey } = useBootstrap();
  const { locale } = usePageLocation();
  const to = useLocalePath();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const auth = useAuthContext();
  const flow = useAuthFlow();
  const [initialUuid] = useState(() => new URLSearchParams(search).get('uuid'));
  const [step, setStep] = useState<RegisterStep>(initialUuid ? { name: 'recall' } : { name: 'account' });
  const [moved, setMoved] = useState(false);
  const [alert, setAlert] = useState<string | undefined>();
  const draft = useRef<RegisterDraft>({ identifier: null, code: '' });
  // What the account step shows again after "back", and the name password managers save: render state.
  const [shown, setShown] = useState<{
    initial: Partial<Omit<AccountDraft, 'identifier'>>;
    username: string;
  }>({
    initial: {},
    username: '',
  });
  // With the page's own web config (issue 12) the variant is known at the first render: the form never
  // switches variant under the visitor's eyes. Otherwise it comes from the config call below.
  const [inlineVariant] = useState(() => {
    const inline = pageWebConfig();
    return inline ? pickVariant(search, inline.values.get(FEATURE_CONFIG_KEY.REGISTER_UI)) : null;
  });
  const variantReady = useRef<Promise<RegisterVariant> | null>(
    inlineVariant && Promise.resolve(inlineVariant),
  );
  const lastSent = useRef<Sent>({ uuid: '', loginName: '', resendIn: 0 });

  const go = (next: RegisterStep) => {
    if (next.name === 'code' || next.name === 'link') lastSent.current = next.sent;
    setStep(next);
    setMoved(true);
  };

  // The UI variant, once per page view: the query or the A/B assignment. Submitting waits for it.
  const { data: fetchedVariant } = useApiData(inlineVariant ? null : 'register-variant', () => {
    variantReady.current = import('./register-api')
      .then((api) => api.fetchRegisterUiConfig())
      .then((config) => pickVariant(search, config));
    return variantReady.current;
  });
  const variant = inlineVariant ?? fetchedVariant ?? DEFAULT_VARIANT;

  const context = (): RegisterContext => ({
    t,
    site,
    siteDefinition,
    passwordKey,
    locale,
    search,
    path,
    navigate,
    to,
    flow,
    auth,
    variant,
    variantReady: variantReady.current,
    draft,
    lastSent,
    go,
    setStep,
    setAlert,
  });

  // `?uuid=`: where the half-finished sign-up stands (recall), once per page view.
  useApiData(initialUuid, () => loadActions().then((actions) => actions.recall(initialUuid ?? '')), {
    onData: (answer) => {
      if (initialUuid)
        void loadActions().then((actions) => actions.onRecalled(context(), initialUuid, answer));
    },
    onError: (error) => void loadActions().then((actions) => actions.onRecallFailed(context(), error)),
  });

  const onAccount = async (account: AccountDraft) => {
    setAlert(undefined);
    draft.current = { ...draft.current, ...account, code: '' };
    setShown({ initial: account, username: loginNameOf(account.identifier) });
    await (await loadActions()).submitAccount(context(), account);
  };

  return (
    <PageIntro title={t('pages.register.title')} text={t('pages.register.intro')}>
      <ResidenceGuard />
      {/* The app's part above the form: the sign-up channel's card and bonus (app/routes/register-route.tsx). */}
      {step.name === 'account' && aside}
      {step.name === 'recall' && <p role="status">{t('register.resuming')}</p>}
      {step.name === 'account' && (
        <AccountStep
          focus={moved}
          alert={alert}
          initial={shown.initial}
          onUse={() => void loadActions()}
          onSubmit={onAccount}
        />
      )}
      <Suspense>
        {step.name === 'code' && (
          <CodeStep
            id="register-code"
            sent={step.sent}
            initialError={step.error}
            onSubmit={async (code) => (await loadActions()).submitCode(context(), step.sent, code)}
            onResend={async () => (await loadActions()).resend(context(), step.sent)}
            onBack={() => go({ name: 'account' })}
          />
        )}
        {step.name === 'link' && (
          <LinkStep
            sent={step.sent}
            onVerified={() => go({ name: 'password', uuid: step.sent.uuid })}
            onResend={async () => (await loadActions()).resend(context(), step.sent)}
            onBack={() => go({ name: 'account' })}
          />
        )}
        {step.name === 'password' && (
          <NewPasswordStep
            id="register-password"
            title={t('register.password.title')}
            submitLabel={t('register.password.submit')}
            username={shown.username}
            onSubmit={async (password) =>
              (await loadActions()).submitPassword(context(), step.uuid, password)
            }
          />
        )}
      </Suspense>
    </PageIntro>
  );
}

function loginNameOf(identifier: Identifier | null): string {
  if (!identifier) return '';
  return 'email' in identifier ? identifier.email : `+${identifier.country_code}${identifier.mobile}`;
}

/** The query's `ui` and `show_type` win per dimension; the web config's assignment fills the rest. */
function pickVariant(search: string, config: unknown): RegisterVariant {
  const query = new URLSearchParams(search);
  return chooseVariant({
    ui: query.get('ui'),
    showType: query.get('show_type'),
    assigned: assignedVariant(config, deviceGuid()),
  });
}
