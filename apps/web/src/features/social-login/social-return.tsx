import {
  captchaSceneFor,
  RetCode,
  type SocialNotBoundResult,
  type SocialProvider,
} from '@gatehouse/contract';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../components/auth/fields';
import { useT } from '../../i18n';
import { failureOf } from '../../lib/api-error';
import { useAuthContext } from '../../lib/auth/auth-context';
import { goAfterAuth } from '../../lib/auth/use-after-auth';
import { runCaptcha } from '../../lib/captcha';
import { errorText } from '../../lib/error-text';
import { useLocalePath } from '../../lib/page-location';
import { loginWithTicket } from './social-api';
import { PROVIDER_NAMES, RETURN_QUERY, storePending, type SocialPending } from './social-names';

type Outcome =
  | { kind: 'checking' }
  | { kind: 'failed'; text: string }
  | { kind: 'not-bound'; pending: SocialPending }
  | { kind: 'done' };

const PROVIDERS: readonly SocialProvider[] = ['google', 'apple'];

/** The address without our return keys: a reload must not post a used ticket again. */
function stripReturnKeys(): string {
  const query = new URLSearchParams(globalThis.location.search);
  for (const key of Object.values(RETURN_QUERY)) query.delete(key);
  const rest = query.toString();
  globalThis.history.replaceState(
    globalThis.history.state,
    '',
    `${globalThis.location.pathname}${rest ? `?${rest}` : ''}`,
  );
  return rest;
}

// One post per ticket: the server refuses a replay, and React's strict mode runs effects twice.
const posts = new Map<string, Promise<Outcome>>();

async function postTicket(
  provider: SocialProvider,
  ticket: string,
  site: Parameters<typeof captchaSceneFor>[1],
) {
  const scene = captchaSceneFor('thirdParty', site);
  const attempt = async (force: boolean) =>
    loginWithTicket(provider, ticket, await runCaptcha(scene, force ? { force } : {}));
  try {
    let result;
    try {
      result = await attempt(false);
    } catch (error) {
      // The site's captcha configuration was not known when asked: the server decides, once.
      if (failureOf(error).code !== RetCode.CaptchaRequired) throw error;
      result = await attempt(true);
    }
    return result ? ({ kind: 'done' } as const) : ({ kind: 'failed', text: '' } as const);
  } catch (error) {
    const { code, envelope } = failureOf(error);
    if (code === RetCode.ThirdPartyNotBound && envelope?.result) {
      const r = envelope.result as SocialNotBoundResult;
      return {
        kind: 'not-bound',
        pending: {
          id: r.third_pending_id,
          provider,
          email: r.third_user.email,
          emailVerified: r.third_user.email_verified,
        },
      } as const;
    }
    return {
      kind: 'failed',
      text: envelope ? `${code}: ${await errorText(code, envelope.ret_msg)}` : '',
    } as const;
  }
}

/**
 * Back from Google or Apple (docs/flows/social-login.md): post the ticket; logged in → the redirect of
 * spec §2; not bound → the choice of issue 16: "Create a new account" (register-and-bind) or "I already
 * have an account" (login-and-bind through the form above). Never linked by e-mail.
 */
export default function SocialReturn({
  from,
  onPending,
}: {
  from: 'login' | 'register';
  onPending: (pending: SocialPending | null) => void;
}) {
  const t = useT('inverse');
  const ctx = useAuthContext();
  const to = useLocalePath();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'checking' });

  useEffect(() => {
    const query = new URLSearchParams(globalThis.location.search);
    const type = query.get(RETURN_QUERY.TYPE);
    const ticket = query.get(RETURN_QUERY.TICKET);
    const error = query.get(RETURN_QUERY.ERROR);
    stripReturnKeys();
    const provider = PROVIDERS.find((p) => p === type);
    if (error !== null || !ticket || !provider) {
      const code = Number(error ?? RetCode.ThirdPartyStateInvalid);
      void errorText(code, '').then((text) => setOutcome({ kind: 'failed', text: `${code}: ${text}` }));
      return;
    }
    let post = posts.get(ticket);
    if (!post) {
      post = postTicket(provider, ticket, ctx.site);
      posts.set(ticket, post);
    }
    void post.then((next) => {
      if (next.kind === 'done') goAfterAuth(ctx, { newUser: false });
      setOutcome(
        next.kind === 'failed' && next.text === ''
          ? { kind: 'failed', text: t('auth.errors.generic') }
          : next,
      );
    });
    // Once per page view: the ticket is read from the address the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ticket is used once, on arrival
  }, []);

  if (outcome.kind === 'checking') return <p role="status">{t('social.checking')}</p>;
  if (outcome.kind === 'failed') return <FormAlert id="social-result">{outcome.text}</FormAlert>;
  if (outcome.kind === 'done') return null;
  const { pending } = outcome;
  const name = PROVIDER_NAMES[pending.provider];
  return (
    <div className="gh-social-choice" role="group" aria-labelledby="social-choice-title">
      <h2 id="social-choice-title">{t('social.notBoundTitle', { provider: name })}</h2>
      <p>{t('social.notBoundText', { provider: name })}</p>
      <button
        type="button"
        className="gh-button"
        onClick={() => {
          setOutcome({ kind: 'done' });
          if (from === 'register') onPending(pending);
          else {
            storePending(pending);
            ctx.navigate(to(`/register${ctx.search ? `?${stripReturnKeys()}` : ''}`));
          }
        }}
      >
        {t('social.create')}
      </button>
      <button
        type="button"
        className="gh-button"
        onClick={() => {
          setOutcome({ kind: 'done' });
          if (from === 'login') onPending(pending);
          else {
            storePending(pending);
            ctx.navigate(to(`/login${ctx.search ? `?${stripReturnKeys()}` : ''}`));
          }
        }}
      >
        {t('social.existing')}
      </button>
    </div>
  );
}
