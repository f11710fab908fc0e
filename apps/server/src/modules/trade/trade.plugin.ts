import fp from 'fastify-plugin';
import { createTradeEnvRepository } from './trade.repository.js';
import { createTradeService, type TradeService } from './trade.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The trading environment switch (trade.routes.ts). */
    trade: TradeService;
  }
}

/** Needs `store`. */
export default fp(
  async (app) => {
    app.decorate('trade', createTradeService(createTradeEnvRepository(app.db)));
  },
  { name: 'trade', dependencies: ['store'] },
);
