import { lazy } from 'react';
import { LoginPage } from '../../features/login/login-page';
import type { SignInForms } from '../../lib/auth/auth-flow';

/**
 * The login and sign-up pages that the OAuth entry and the Telegram Mini App run inside their flows.
 * Features never import each other, so the app hands them in. Login is in the entry chunk already;
 * the sign-up form stays its own chunk, loaded when it is shown.
 */
export const SIGN_IN_FORMS: SignInForms = {
  Login: LoginPage,
  Register: lazy(() =>
    import('../../features/register/register-page').then((module) => ({ default: module.RegisterPage })),
  ),
};
