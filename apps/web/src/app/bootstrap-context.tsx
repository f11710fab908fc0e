import { createContext, useContext, type ReactNode } from 'react';
import type { AppBootstrap } from './bootstrap';

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
