import { afterAll, expect } from 'vitest';
import { undeclaredCodes } from '../lib/endpoint-route.js';

// Every server test file: no route answered a ret_code its endpoint-table entry does not declare
// (packages/contract/src/api/endpoints/). A failure names the call and the code to add (or the
// bug that made the route answer it).
afterAll(() => {
  expect([...undeclaredCodes], 'ret_codes answered but not declared in the endpoint table').toEqual([]);
});
