/**
 * JSON for an inline `<script type="application/json">` block. JSON.stringify alone is not
 * enough: a string holding `</script>` or `<!--` would end or confuse the element, and U+2028/9
 * break older JavaScript parsers. Each is written as a JSON escape instead, which JSON.parse
 * reads back to the same value.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => {
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** Text for an HTML attribute value in double quotes, or for element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
