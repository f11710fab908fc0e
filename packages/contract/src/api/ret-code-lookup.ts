import * as RetCode from './ret-code-catalogue.js';
import type { RetCodeName, RetCodeValue } from './ret-codes.js';

/** Every catalogue code, in declaration order. */
export const RET_CODE_VALUES: readonly RetCodeValue[] = Object.values(RetCode);

const byValue = new Map<number, RetCodeName>(
  (Object.entries(RetCode) as [RetCodeName, RetCodeValue][]).map(([name, value]) => [value, name]),
);

/** True when `code` is in the catalogue (narrows the type). */
export function isRetCode(code: number): code is RetCodeValue {
  return byValue.has(code);
}

/** The catalogue name of a code, for logs; undefined when unknown. */
export function retCodeName(code: number): RetCodeName | undefined {
  return byValue.get(code);
}
