import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { I18n } from './i18n';

interface I18nState {
  i18n: I18n;
  /** Part of the value so every consumer re-renders when the language or a namespace changes. */
  version: number;
}

const I18nContext = createContext<I18nState | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const version = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.version,
    () => i18n.version,
  );
  return <I18nContext value={{ i18n, version }}>{children}</I18nContext>;
}

/** The translator instance, for changing language or loading a namespace ahead of time. */
export function useI18n(): I18n {
  return useI18nState().i18n;
}

export function useI18nState(): I18nState {
  const state = useContext(I18nContext);
  if (!state) throw new Error('useI18n needs an <I18nProvider> above it');
  return state;
}
