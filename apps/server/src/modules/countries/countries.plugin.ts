import fp from 'fastify-plugin';
import { routeNeedsStartData } from '@gatehouse/contract';
import { countryList } from './countries.service.js';

/**
 * The sign-up page's residence list in its bootstrap (contract `ROUTE_START_DATA`, issue 12): the same
 * list `country-list?is_iso=1&is_disable=1` answers in the page's language, which does not depend on the
 * visitor, so the form's select works at its first render instead of after a call. The calling-code
 * guess does depend on the visitor and stays a call. No state: this plugin only contributes.
 */
export default fp(
  async (app) => {
    app.pageBootstrap.contribute(({ route, locale }) =>
      routeNeedsStartData(route, 'residence-countries')
        ? { countries: [...countryList({ locale, includeDisabled: true, iso: true })] }
        : {},
    );
  },
  { name: 'countries', dependencies: ['page-bootstrap'] },
);
