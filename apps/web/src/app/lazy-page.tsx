import { lazy, type ComponentType } from 'react';

/** A page loaded on demand, which renders at once, without a loading fallback, once its module is in. */
export type LazyPage = ComponentType & {
  /** Starts loading the module (once); resolves when it is in. */
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` for a page, with `preload`. A lazy component suspends at least once, even when its
 * module has arrived, and React then shows the loading fallback and holds the page back for its
 * fallback throttle (about 300 ms): main.tsx preloads the page of the address before the first render
 * (the server's HTML has already fetched the module), and once it is in, the page renders directly.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => (loading ??= load().then((module) => (loaded = module[name])));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Page = () => {
    const Component = loaded;
    return Component ? <Component /> : <Lazy />;
  };
  return Object.assign(Page, { preload });
}
