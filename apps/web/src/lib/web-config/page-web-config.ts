/** The web config entries the server inlined in this page (`PageBootstrap.webConfig`), and when. */
export interface PageWebConfig {
  values: ReadonlyMap<string, unknown>;
  /** Epoch ms the page started with them; `fetchWebConfig` treats them like a cached answer of then. */
  at: number;
}

let page: PageWebConfig | null = null;

/**
 * Called once by main.tsx with the bootstrap's entries (issue 12): a page then knows its feature flags
 * and sign-up variant at its first render, without a call. Tests leave it unset (every reader calls).
 */
export function setPageWebConfig(
  entries: Readonly<Record<string, unknown>> | undefined,
  at = Date.now(),
): void {
  page = entries ? { values: new Map(Object.entries(entries)), at } : null;
}

export function pageWebConfig(): PageWebConfig | null {
  return page;
}
