import { use, useMemo } from 'react';
import type { TFunction } from './i18n';
import { useI18nState } from './i18n-context';
import { DEFAULT_NS, type Namespace } from './namespaces';

// A thenable React reads as already settled (its documented `status` protocol), so a loaded
// namespace never suspends, while `use` is still called on every render as React requires.
const READY: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

/**
 * `t` bound to a namespace (default `global`). Suspends until the namespace is loaded in the current
 * language and in English, so put a <Suspense> above; re-renders on a language switch.
 * A key may still name another namespace (`inverse:login.title`), which must be loaded already.
 */
export function useT(ns: Namespace = DEFAULT_NS): TFunction {
  const { i18n, version } = useI18nState();
  use(i18n.hasLoaded(ns) ? READY : i18n.loadNamespaces([ns]));
  return useMemo<TFunction>(
    () => (key, options) => i18n.t(key, { ns, ...options }),
    // version changes with the language, so the memoised `t` is fresh after a switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n, ns, version],
  );
}
