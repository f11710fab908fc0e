import type { CaptchaTexts } from './captcha-texts';
import { geetestProvider } from './geetest-provider';
import { magpieProvider } from './magpie-provider';
import type { ProviderFactory } from './provider';
import { recaptchaProvider } from './recaptcha-provider';
import { tencentProvider } from './tencent-provider';

/** The real providers; `language` is the page's (vendors localise their own popups). */
export function providerFactory(texts: CaptchaTexts, language: string): ProviderFactory {
  return (type, ctx) => {
    switch (type) {
      case 'magpie':
        return magpieProvider(ctx, texts);
      case 'geetest':
        return geetestProvider(ctx, language);
      case 'tencent':
        return tencentProvider(ctx, language);
      case 'recaptcha':
        return recaptchaProvider(ctx, texts);
    }
  };
}
