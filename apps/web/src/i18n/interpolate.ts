/** Values a phrase may interpolate. */
export type InterpolationValues = Readonly<Record<string, unknown>>;

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/**
 * Replaces `{{name}}` with `values.name`, like i18next. Values are not HTML-escaped because React
 * escapes text it renders; an unknown placeholder is left as written so a missing value is visible.
 */
export function interpolate(text: string, values: InterpolationValues | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? match : String(value);
  });
}
