import { TelegramRegisterLoginPage } from '../../features/telegram/telegram-register-login-page';
import { SIGN_IN_FORMS } from './sign-in-forms';

/** `/telegram-register-login`: the Mini App flow with the login and sign-up forms it embeds. */
export function TelegramRegisterLoginRoute() {
  return <TelegramRegisterLoginPage forms={SIGN_IN_FORMS} />;
}
