import { lazy } from 'react';
import { LoginPage } from '../../features/login/login-page';
import type { SignInForms } from '../../lib/auth/auth-flow';

/**
 * The login and sign-up pages that the OAuth entry and the Telegram Mini App run inside their flows.
 * Features never import each other, so the app hands them in. The login form comes with the flow's
 * page (the OAuth entry and the Mini App open on it); the sign-up form is its own chunk, loaded when shown.
 */
export const SIGN_IN_FORMS: SignInForms = {
  Login: LoginPage,
  Register: lazy(() =>
    import('../../features/register/register-page').then((module) => ({ default: module.RegisterPage })),
  ),
};
