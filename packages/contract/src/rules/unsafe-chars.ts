/** True when the text holds a control character (C0, DEL, C1) or any whitespace. */
export function hasControlOrWhitespace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0xa0)) return true;
  }
  return /\s/.test(text);
}
