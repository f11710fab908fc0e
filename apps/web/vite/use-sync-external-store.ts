// wouter imports useSyncExternalStore through the `use-sync-external-store` shim, kept for React
// versions before 18. React 19 has it built in; the alias in vite.config.ts points the shim here,
// so the login page does not download the shim (and its version check) for nothing.
export { useSyncExternalStore } from 'react';
