import { describe, expect, it } from 'vitest';
import { cspDirectives } from '../../plugins/security-headers.js';
import { testConfig } from '../../test-support/test-app.js';
import { telegramWidgetCsp } from './telegram-csp.js';

describe('Content-Security-Policy for the Login Widget', () => {
  it("allows Telegram's script and login frame only when Telegram's widget is configured", () => {
    expect(telegramWidgetCsp({ widgetScriptUrl: '/dev/telegram/telegram-widget.js' })).toEqual({
      scriptOrigins: [],
      frameOrigins: [],
    });
    const config = testConfig({
      TELEGRAM_WIDGET_SCRIPT_URL: 'https://telegram.org/js/telegram-widget.js?22',
    });
    const csp = cspDirectives(config, false);
    expect(csp['script-src']).toContain('https://telegram.org');
    expect(csp['frame-src']).toContain('https://oauth.telegram.org');
    expect(cspDirectives(testConfig(), false)['script-src']).toEqual(["'self'"]);
  });
});
