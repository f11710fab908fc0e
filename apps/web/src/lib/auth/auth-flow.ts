import { createContext, useContext, type ComponentType } from 'react';

/**
 * How an embedding page runs the login and sign-up pages inside its own flow: the OAuth entry
 * continues to the consent screen, the Telegram Mini App binds the Telegram account. Without a
 * provider, both pages behave as the plain pages of spec §2.
 */
export interface AuthFlow {
  /** Fields every login and sign-up call carries (e.g. `tg_pending_id`). */
  extraBody?: Readonly<Record<string, unknown>>;
  /** Replaces the redirect of spec §2 after success. */
  onDone?: (outcome: AuthOutcome) => void | Promise<void>;
  /**
   * Where the "sign up" / "log in" links between the two pages go (paths without the locale
   * prefix; the query is kept), so switching stays inside the embedding flow (the OAuth entry's
   * `/oauth-login` and `/oauth-register`). Default `/login` and `/register`.
   */
  links?: { login: string; register: string };
}

export interface AuthOutcome {
  newUser: boolean;
  /** The server's `tg_bind_result` (`status|message`) when a pending Telegram bind was completed. */
  tgBindResult?: string;
}

/**
 * The login and sign-up pages a flow embeds (the OAuth entry, the Telegram Mini App). The app passes
 * them in (`app/routes/sign-in-forms.ts`): a feature never imports another feature.
 */
export interface SignInForms {
  Login: ComponentType;
  /** Lazy: render it inside a Suspense boundary. */
  Register: ComponentType;
}

export const AuthFlowContext = createContext<AuthFlow>({});

export function useAuthFlow(): AuthFlow {
  return useContext(AuthFlowContext);
}
