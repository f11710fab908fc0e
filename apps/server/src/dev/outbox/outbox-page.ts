import type { OutboxRow } from '../../modules/delivery/outbox.repository.js';
import { escapeHtml } from '../dev-html.js';

function row(m: OutboxRow): string {
  const cells = [
    new Date(m.created_at).toISOString(),
    m.channel,
    m.recipient,
    m.kind,
    m.locale,
    m.status,
  ].map((v) => `<td>${escapeHtml(v)}</td>`);
  const code = m.code ? `<p class="code">Code: <strong>${escapeHtml(m.code)}</strong></p>` : '';
  // A link is shown as text, not made clickable: it came from a message body, and this page must not become a redirector.
  const link = m.link ? `<p class="link">Link: <code>${escapeHtml(m.link)}</code></p>` : '';
  const subject = m.subject === null ? '' : `<p class="subject">${escapeHtml(m.subject)}</p>`;
  return `<tr>${cells.join('')}<td>${subject}${code}${link}<pre>${escapeHtml(m.body)}</pre></td></tr>`;
}

/**
 * The development outbox page: a static table, newest first. No script at all (the CSP allows
 * none inline), and the stylesheet is a `<style>` element carrying the response's nonce when one is set.
 */
export function renderOutboxPage(
  messages: readonly OutboxRow[],
  opts: {
    styleNonce: string | null;
    recipient?: string;
    /** Shown above everything while the page answers the whole network (DEV_TOOLS=network). */
    exposureWarning?: string;
  },
): string {
  const nonce = opts.styleNonce ? ` nonce="${escapeHtml(opts.styleNonce)}"` : '';
  const heading = opts.recipient ? `Outbox for ${escapeHtml(opts.recipient)}` : 'Outbox';
  const warning = opts.exposureWarning
    ? `<p class="exposed" role="alert"><strong>Warning:</strong> ${escapeHtml(opts.exposureWarning)}</p>\n`
    : '';
  const body = messages.length
    ? `<table><thead><tr><th>Sent</th><th>Channel</th><th>To</th><th>Kind</th><th>Locale</th><th>Status</th><th>Message</th></tr></thead><tbody>${messages.map(row).join('')}</tbody></table>`
    : '<p>No messages yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${heading} (development)</title>
<style${nonce}>
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#111}
table{border-collapse:collapse;width:100%}
th,td{border:1px solid #ccc;padding:.4rem;vertical-align:top;text-align:left}
pre{white-space:pre-wrap;margin:.3rem 0 0;font:inherit}
.code strong{font:600 1.2rem ui-monospace,monospace;letter-spacing:.1em}
.subject{font-weight:600;margin:0}
.exposed{background:#b00020;color:#fff;padding:.8rem 1rem;font-size:1.1rem}
</style>
</head>
<body>
${warning}<h1>${heading}</h1>
<p>Development only: every mail and SMS the server sent, newest first. JSON for tests: <code>/dev/outbox.json?to=&lt;recipient&gt;&amp;limit=20</code>.</p>
<form method="get" action="/dev/outbox"><label>Recipient <input name="to" value="${escapeHtml(opts.recipient ?? '')}"></label> <button type="submit">Filter</button></form>
${body}
</body>
</html>
`;
}
