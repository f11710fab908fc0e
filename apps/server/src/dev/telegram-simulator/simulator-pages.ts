import { escapeHtml } from '../dev-html.js';

/**
 * The stand-in pages for Telegram (development only). No inline script (CSP): the widget popup
 * loads widget-popup.js; the simulator needs none (its form asks the server for a redirect).
 */

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#111;max-width:44rem}
label{display:block;margin:.4rem 0}input,select{font:inherit;margin-left:.4rem}
fieldset{border:1px solid #ccc;margin:.8rem 0}button{font:inherit;padding:.3rem .9rem}
code{background:#f3f3f3;padding:0 .2rem}`;

function page(title: string, styleNonce: string | null, body: string, script?: string): string {
  const nonce = styleNonce ? ` nonce="${escapeHtml(styleNonce)}"` : '';
  const scriptTag = script ? `\n<script src="${escapeHtml(script)}" defer></script>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} (development)</title>
<style${nonce}>${STYLE}</style>${scriptTag}
</head>
<body>
${body}
</body>
</html>
`;
}

/** The test user fields both forms share; ids are Telegram-sized numbers. */
function userFields(defaults: { id: string; username: string; firstName: string }): string {
  return `<fieldset><legend>Telegram user</legend>
<label>id <input name="id" required pattern="[0-9]{1,15}" value="${escapeHtml(defaults.id)}"></label>
<label>username <input name="username" pattern="[A-Za-z0-9_]{0,32}" value="${escapeHtml(defaults.username)}"></label>
<label>first name <input name="first_name" required maxlength="64" value="${escapeHtml(defaults.firstName)}"></label>
<label>last name <input name="last_name" maxlength="64"></label>
<label>photo URL (https) <input name="photo_url" type="url" pattern="https://.*" size="40"></label>
</fieldset>`;
}

export function renderSimulatorPage(opts: {
  styleNonce: string | null;
  botName: string;
  defaultId: string;
}): string {
  return page(
    'Telegram simulator',
    opts.styleNonce,
    `<h1>Telegram simulator</h1>
<p>Opens the web app as the Mini App of <code>@${escapeHtml(opts.botName)}</code> in this window, with launch
parameters (<code>#tgWebAppData=…</code>) signed with the server's bot token exactly as Telegram signs them.
Development only.</p>
<form method="get" action="/dev/telegram/launch">
${userFields({ id: opts.defaultId, username: `tester${opts.defaultId.slice(-4)}`, firstName: 'Test' })}
<fieldset><legend>Mini App</legend>
<label>language code <input name="language_code" value="en" pattern="[a-z]{2,3}(-[A-Za-z0-9]{2,8})?"></label>
<label><input type="checkbox" name="allows_write_to_pm" value="1" checked> allows_write_to_pm</label>
<label>platform <select name="platform">
<option value="ios">ios (ios_tg)</option><option value="android">android (android_tg)</option>
<option value="tdesktop">tdesktop (pc_tg)</option><option value="weba">weba (pc_tg)</option></select></label>
<label>page locale <input name="lang" value="en" pattern="[A-Za-z]{2,3}(-[A-Za-z0-9]{2,3})?"></label>
<label>page <input name="path" value="/telegram-register-login" pattern="/[A-Za-z0-9/_-]*"></label>
<label>page query <input name="query" placeholder="source=task&amp;redirect_url=…" size="40"></label>
<label>start_param <input name="start_param" pattern="[A-Za-z0-9_-]{0,64}"></label>
</fieldset>
<button type="submit">Open Mini App</button>
</form>
<p>For tests: <code>/dev/telegram/init-data.json?id=…&amp;first_name=…</code> answers the signed init data and the
launch URL; <code>/dev/telegram/widget.json?id=…&amp;first_name=…</code> answers signed Login Widget data.</p>`,
  );
}

export function renderWidgetPage(opts: {
  styleNonce: string | null;
  botName: string;
  defaultId: string;
  /** Redirect mode: where the signed data goes (a path on this origin). Popup mode when null. */
  returnTo: string | null;
}): string {
  const target = opts.returnTo
    ? `<form method="get" action="/dev/telegram/widget/authorize">
<input type="hidden" name="return_to" value="${escapeHtml(opts.returnTo)}">`
    : `<form id="tg-widget-form" method="get" action="/dev/telegram/widget.json">`;
  return page(
    'Log in with Telegram',
    opts.styleNonce,
    `<h1>Log in to ${escapeHtml(opts.botName)} with Telegram</h1>
<p>Stand-in for Telegram's login popup (development only): the data below is signed with the server's bot token
and handed back like the real Login Widget does.</p>
${target}
${userFields({ id: opts.defaultId, username: `tester${opts.defaultId.slice(-4)}`, firstName: 'Test' })}
<button type="submit">Accept</button> <button type="button" id="tg-widget-cancel">Cancel</button>
</form>`,
    opts.returnTo ? undefined : '/dev/telegram/widget-popup.js',
  );
}
