import fp from 'fastify-plugin';

/**
 * Where the dashboard's "bound accounts" list learns about bindings other modules own. The
 * Telegram module sets `app.bindingLookups.telegram` (a display name, or null when unbound);
 * until it does, Telegram shows as not bound.
 */
export interface BindingLookups {
  telegram: ((userId: string) => Promise<string | null>) | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    bindingLookups: BindingLookups;
  }
}

export default fp(
  async (app) => {
    const lookups: BindingLookups = { telegram: null };
    app.decorate('bindingLookups', lookups);
  },
  { name: 'binding-lookups' },
);
