const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text into HTML text or a quoted attribute, for the development tools' pages (outbox, Telegram
 * simulator, demo OAuth client). Every value from the outbox or a query goes through it.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
