import * as endpoints from '@gatehouse/contract/endpoints/captcha';
import {
  CAPTCHA_SCENE,
  CAPTCHA_TYPE_BEHAVIOR_GEETEST,
  type CaptchaInfo,
  type CaptchaScene,
} from '@gatehouse/contract';
import { api } from '../../../api';

/** Sign-up asks the sign-up call; every other scene (logins, third party, tools) the login call. */
export async function fetchCaptchaInfo(
  scene: CaptchaScene,
  loginName: string | undefined,
): Promise<CaptchaInfo> {
  const endpoint =
    scene === CAPTCHA_SCENE.REGISTER ? endpoints.captchaInfoSignup : endpoints.captchaInfoLogin;
  const query = { type: CAPTCHA_TYPE_BEHAVIOR_GEETEST, ...(loginName ? { login_name: loginName } : {}) };
  // Silent: a failure here only moves the chain on to the alternate captcha.
  const envelope = await api.call(endpoint, query, { hideError: true });
  if (!envelope) throw new Error('captcha-info failed');
  return envelope.result;
}
