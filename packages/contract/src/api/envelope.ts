import { z } from 'zod';

/** Every API answer has this shape (spec §3 "API response envelope"). */
export const envelopeSchema = <T extends z.ZodType>(result: T) =>
  z.object({
    ret_code: z.number().int(),
    ret_msg: z.string(),
    result,
    token: z.string().optional(),
  });

export interface Envelope<T> {
  ret_code: number;
  ret_msg: string;
  result: T;
  token?: string;
}
