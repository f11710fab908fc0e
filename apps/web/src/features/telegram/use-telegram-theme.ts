import { useEffect, useRef } from 'react';

/**
 * Follows Telegram's theme (the SDK's `themeParams.isDark`) with the shell's own dark palette, whose
 * contrast is known to pass: the class goes on the app frame while a Mini App page is shown. Returns
 * the ref for an element inside the page.
 */
export function useTelegramTheme(dark: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const app = ref.current?.closest('.gh-app');
    if (!dark || !app || app.classList.contains('gh-theme-dark')) return;
    app.classList.add('gh-theme-dark');
    return () => app.classList.remove('gh-theme-dark');
  }, [dark]);
  return ref;
}
