// Vitest setupFiles of the server-pg project: runs in each test file's context before the file.
import { afterAll, inject } from 'vitest';
import './store-context.js';
import { dropCreatedStores, prepareFileStore, useRun } from './test-stores.js';

useRun(inject('testStoreRun'), inject('testStoreKeys'));
await prepareFileStore();
// Registered before the file's own hooks, so it runs after them (hooks unwind as a stack): the
// file's apps are closed when its schemas are dropped.
afterAll(dropCreatedStores);
