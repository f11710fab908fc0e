import { isApiCallError, NETWORK_RET_CODE, type ApiEnvelope } from '../api';

/** The ret_code and envelope of a failed call, or the network code when it was no API answer. */
export function failureOf(error: unknown): {
  code: number;
  envelope: ApiEnvelope<unknown> | null;
  toasted: boolean;
} {
  if (isApiCallError(error)) return { code: error.code, envelope: error.envelope, toasted: error.toasted };
  return { code: NETWORK_RET_CODE, envelope: null, toasted: false };
}

/** A numeric field of an error answer's `result` (retry_after, remaining_attempts…). */
export function resultNumber(envelope: ApiEnvelope<unknown> | null, field: string): number | undefined {
  const value = (envelope?.result as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === 'number' ? value : undefined;
}
