import {
  CAPTCHA_INFO_LOGIN_PATH,
  CAPTCHA_INFO_SIGNUP_PATH,
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
  const path = scene === CAPTCHA_SCENE.REGISTER ? CAPTCHA_INFO_SIGNUP_PATH : CAPTCHA_INFO_LOGIN_PATH;
  const query = new URLSearchParams({ type: CAPTCHA_TYPE_BEHAVIOR_GEETEST });
  if (loginName) query.set('login_name', loginName);
  // Silent: a failure here only moves the chain on to the alternate captcha.
  const envelope = await api.get<CaptchaInfo>(`${path}?${query.toString()}`, { hideError: true });
  if (!envelope) throw new Error('captcha-info failed');
  return envelope.result;
}
