export * from './sites/site-types.js';
export * from './api/envelope.js';
export * from './api/ret-codes.js';
