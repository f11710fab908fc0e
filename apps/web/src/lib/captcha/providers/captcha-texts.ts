import { apiConfig } from '../../../api/config';

/** The captcha phrases (global namespace, `captcha.*`), with English when no translator is set up yet. */
const ENGLISH = {
  title: 'Security check',
  label: "I'm not a robot",
  verifying: 'Verifying you are human…',
  verified: 'Verified',
  error: 'Verification failed. Please try again.',
  expired: 'Verification expired. Please try again.',
  retry: 'Try again',
  required: 'Please complete the security check.',
  close: 'Close',
  unavailable: 'Captcha is currently unavailable, please check the network and try again',
} as const;

export type CaptchaTexts = { readonly [K in keyof typeof ENGLISH]: string };

export function captchaTexts(): CaptchaTexts {
  const t = apiConfig().translator?.t;
  const entries = Object.entries(ENGLISH).map(([key, english]) => [
    key,
    t ? t(`captcha.${key}`, { defaultValue: english }) : english,
  ]);
  return Object.fromEntries(entries) as CaptchaTexts;
}
