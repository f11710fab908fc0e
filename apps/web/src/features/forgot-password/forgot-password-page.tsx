import { PASSWORD_MIN_LENGTH, RetCode } from '@gatehouse/contract';
import * as endpoints from '@gatehouse/contract/endpoints/password-reset';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { useBootstrap } from '../../lib/bootstrap-context';
import { PageIntro } from '../../components/page-intro';
import { useLocalePath } from '../../lib/page-location';
import { useT } from '../../i18n';
import { AccountFields, EMPTY_ACCOUNT, type AccountValue } from '../../components/auth/account-fields';
import { failureOf, resultNumber } from '../../lib/api-error';
import { CodeStep, type Sent } from '../../components/auth/code-step';
import { encryptPassword } from '../../lib/auth/encrypt-password';
import { errorText } from '../../lib/error-text';
import { FormAlert, StepHeading } from '../../components/auth/fields';
import { callingCodeOf, identifierError, identifierOf, type Identifier } from '../../lib/auth/identifier';
import { NewPasswordStep } from '../../components/auth/new-password-step';
import { resetPassword, sendResetCode, verifyResetCode } from './forgot-password-api';
import { useSubmit } from '../../lib/use-submit';
import { onCode } from '../../api';

type Step =
  | { name: 'account' }
  | { name: 'code'; sent: Sent; identifier: Identifier }
  | { name: 'password'; identifier: Identifier; token: string };

const loginNameOf = (identifier: Identifier) =>
  'email' in identifier ? identifier.email : `+${identifier.country_code}${identifier.mobile}`;

/** Forgot password: the account → a code to it → a new password → back to login with a notice. */
export function ForgotPasswordPage() {
  const t = useT('inverse');
  const { passwordKey, siteDefinition } = useBootstrap();
  const to = useLocalePath();
  const [, navigate] = useLocation();
  const [step, setStep] = useState<Step>({ name: 'account' });
  const [moved, setMoved] = useState(false);
  const [alert, setAlert] = useState<string | undefined>();

  const go = (next: Step) => {
    setStep(next);
    setMoved(true);
  };

  const explain = async (error: unknown): Promise<string | undefined> => {
    const { code, envelope, toasted } = failureOf(error);
    const expired = () => t('auth.code.expired');
    const handled = onCode<typeof endpoints.resetVerify, string>(endpoints.resetVerify, code, {
      [RetCode.VerifyCodeInvalid]: () => {
        const left = resultNumber(envelope, 'remaining_attempts');
        return left === undefined ? t('auth.code.wrongPlain') : t('auth.code.wrong', { count: left });
      },
      [RetCode.VerifyCodeExpired]: expired,
      [RetCode.VerifyCodeAttemptsExceeded]: expired,
    });
    if (handled !== undefined) return handled;
    if (toasted) return undefined;
    return envelope ? errorText(code, envelope.ret_msg) : t('auth.errors.generic');
  };

  /**
   * Every send (the resend too) passes the site's login captcha, as the server asks (docs/captcha.md);
   * retried once on 10026. null: cancelled, or unavailable (the toast was shown).
   */
  const send = async (identifier: Identifier): Promise<Sent | null> => {
    const { captchaLoginName, sendWithCaptcha } = await import('../../lib/auth/send-with-captcha');
    const sent = await sendWithCaptcha(
      'login',
      siteDefinition.id,
      { loginName: captchaLoginName(identifier) },
      (captcha) => sendResetCode(identifier, captcha),
    );
    return sent && { uuid: '', loginName: '', resendIn: sent.value.resend_in };
  };

  return (
    <PageIntro title={t('pages.forgot-password.title')} text={t('pages.forgot-password.intro')}>
      {step.name === 'account' && (
        <AccountStep
          focus={moved}
          alert={alert}
          onSubmit={async (identifier) => {
            setAlert(undefined);
            try {
              const sent = await send(identifier);
              if (sent)
                go({ name: 'code', identifier, sent: { ...sent, loginName: loginNameOf(identifier) } });
            } catch (error) {
              setAlert(await explain(error));
            }
          }}
        />
      )}
      {step.name === 'code' && (
        <CodeStep
          id="reset-code"
          sent={step.sent}
          onSubmit={async (code) => {
            try {
              const { reset_token } = await verifyResetCode(step.identifier, code);
              go({ name: 'password', identifier: step.identifier, token: reset_token });
              return undefined;
            } catch (error) {
              return explain(error);
            }
          }}
          onResend={async () => (await send(step.identifier))?.resendIn}
          onBack={() => go({ name: 'account' })}
        />
      )}
      {step.name === 'password' && (
        <NewPasswordStep
          id="reset-password"
          title={t('reset.password.title')}
          submitLabel={t('reset.password.submit')}
          username={loginNameOf(step.identifier)}
          onSubmit={async (password) => {
            if (!passwordKey) return t('auth.errors.generic');
            try {
              await resetPassword(step.token, await encryptPassword(password, passwordKey));
              navigate(to('/login?source=password_reset'));
              return undefined;
            } catch (error) {
              const { code, envelope } = failureOf(error);
              const handled = onCode<typeof endpoints.resetPassword, { text: string | undefined }>(
                endpoints.resetPassword,
                code,
                {
                  [RetCode.PasswordTooWeak]: () => {
                    const reason = (envelope?.result as { reason?: string } | null)?.reason ?? 'common';
                    return { text: t(`auth.newPassword.${reason}`, { min: PASSWORD_MIN_LENGTH }) };
                  },
                  [RetCode.PasswordResetExpired]: () => {
                    setAlert(t('reset.expired'));
                    go({ name: 'account' });
                    return { text: undefined };
                  },
                },
              );
              return handled ? handled.text : explain(error);
            }
          }}
        />
      )}
    </PageIntro>
  );
}

function AccountStep({
  focus,
  alert,
  onSubmit,
}: {
  focus: boolean;
  alert: string | undefined;
  onSubmit: (identifier: Identifier) => Promise<void>;
}) {
  const t = useT('inverse');
  const { siteDefinition } = useBootstrap();
  const to = useLocalePath();
  const [account, setAccount] = useState<AccountValue>(EMPTY_ACCOUNT);
  const [error, setError] = useState<string | undefined>();
  const { submit: send, busy } = useSubmit(onSubmit);
  const kind = siteDefinition.phoneSignUp ? account.kind : 'email';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const key = identifierError(kind, account.email, account.mobile);
    setError(key && t(key));
    if (key) return;
    void send(identifierOf(kind, account.email, callingCodeOf(account.country), account.mobile));
  };

  return (
    <form className="gh-form" method="post" noValidate onSubmit={submit} aria-busy={busy}>
      <StepHeading focus={focus}>{t('reset.account.title')}</StepHeading>
      <AccountFields
        idPrefix="reset"
        value={account}
        onChange={setAccount}
        phoneAllowed={siteDefinition.phoneSignUp}
        error={error}
        usernameAutocomplete
      />
      <FormAlert id="reset-alert">{alert}</FormAlert>
      <button type="submit" className="gh-button" disabled={busy}>
        {t('reset.account.submit')}
      </button>
      <p>
        <Link href={to('/login')}>{t('reset.backToLogin')}</Link>
      </p>
    </form>
  );
}
