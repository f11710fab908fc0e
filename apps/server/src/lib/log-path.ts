/**
 * What a log line may say about a URL. Query strings carry secrets here (the sign-up link's uuid and
 * token, OAuth `code` and `state`, reset links), so logs record the path only, and any URL quoted in
 * free text has its query values blanked.
 */

/** The path of a request target, without query string or fragment. */
export function logPath(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

/** Blank every `name=value` of a query string quoted in `text`, keeping the names. */
export function scrubQueryValues(text: string): string {
  return text.replace(/([?&][^=&\s?#"'<>]{1,64}=)[^&\s#"'<>]+/g, '$1[redacted]');
}
