/**
 * Local storage that never throws: storage is unavailable in some private modes and embedded
 * webviews, and a missing flag must not break the page.
 */
export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the choice holds for this page view only.
  }
}
