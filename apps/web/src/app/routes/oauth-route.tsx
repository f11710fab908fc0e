import { OauthPage } from '../../features/oauth/oauth-page';
import { SIGN_IN_FORMS } from './sign-in-forms';

/** `/oauth`, `/oauth-login`, `/oauth-register`: the OAuth entry with the login and sign-up forms it embeds. */
export function OauthRoute() {
  return <OauthPage forms={SIGN_IN_FORMS} />;
}
