import type { TradeEnvRepository } from './trade.repository.js';

/** The trading environment an account uses (spec §9): recorded here, read by the trading side. */
export interface TradeService {
  /** Switch the account to `env` (1 = demo). */
  switchTo(userId: string, env: number, now: number): Promise<void>;
}

export function createTradeService(repo: TradeEnvRepository): TradeService {
  return { switchTo: (userId, env, now) => repo.switchTo(userId, env, now) };
}
