import type { PageBootstrap } from '@gatehouse/contract';
import { createContext, useContext, type ReactNode } from 'react';

/** What the page knows before any call: the server's bootstrap plus the flags only pages carry. */
export type AppBootstrap = PageBootstrap & {
  /** Set by the server when the path matched no page, so the app renders its 404 for that status. */
  notFound?: boolean;
};

const BootstrapContext = createContext<AppBootstrap | null>(null);

export function BootstrapProvider({ value, children }: { value: AppBootstrap; children: ReactNode }) {
  return <BootstrapContext value={value}>{children}</BootstrapContext>;
}

/** The server's page bootstrap: site, environment, origin, API base, product name, brand domains. */
export function useBootstrap(): AppBootstrap {
  const value = useContext(BootstrapContext);
  if (!value) throw new Error('useBootstrap needs a <BootstrapProvider> above it');
  return value;
}
