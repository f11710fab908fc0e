/**
 * Sends the browser to an OAuth app's own address: its registered redirect_uri with the code or
 * `error=access_denied`, or its registered post-logout target. The server built the URL from the
 * client's registration (exact match) and validated it; it is a cross-origin navigation by design,
 * so it does not go through safeRedirect, whose job is keeping our own post-login redirects on our
 * own domains. A module of its own so tests can watch it (jsdom cannot navigate).
 */
export function leaveForApp(url: string): void {
  window.location.assign(url);
}
