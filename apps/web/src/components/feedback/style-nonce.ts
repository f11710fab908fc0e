/**
 * Production CSP allows `<style>` elements only with the page's nonce, published by the server as
 * `<meta property="csp-nonce" nonce="…">`. Browsers hide the attribute value; the `nonce` property keeps it.
 */
export function cspNonce(): string | undefined {
  const meta = globalThis.document?.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

/**
 * Runs a dynamic import while `<style>` elements created by the loading module get the nonce: sonner
 * injects its stylesheet when its module is evaluated and offers no nonce option.
 */
export async function loadWithStyleNonce<T>(load: () => Promise<T>): Promise<T> {
  const nonce = cspNonce();
  if (!nonce) return load();
  const create = document.createElement;
  document.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = create.call(this, tagName, options);
    if (tagName.toLowerCase() === 'style') element.setAttribute('nonce', nonce);
    return element;
  } as typeof document.createElement;
  try {
    return await load();
  } finally {
    document.createElement = create;
  }
}
