import type { RouteOptions } from 'fastify';
import { isUnderApiBase } from './request-target.js';

type LifecycleHook = 'onRequest' | 'preParsing' | 'onSend';

/**
 * Whether a route, as it is being registered (an `onRoute` hook's options), belongs to the API: its
 * registered path, prefix included, is the API base or lies beneath it. This is the route's own
 * path, fixed at registration, so a guard decided here holds whatever spelling of the URL reached
 * the route.
 */
export function isApiRoute(route: Pick<RouteOptions, 'url'>, apiBase: string): boolean {
  return isUnderApiBase(route.url, apiBase);
}

/**
 * Add a lifecycle hook to one route from an `onRoute` hook, before (`first`) or after the hooks
 * the route declares. Always a new array: Fastify's implicit HEAD route is built from a shallow
 * copy of the GET route's options, and pushing into a shared array would attach the hook twice.
 */
export function attachRouteHook(
  route: RouteOptions,
  name: LifecycleHook,
  hook: unknown,
  where: 'first' | 'last' = 'last',
): void {
  const declared: unknown = route[name];
  const existing: unknown[] = Array.isArray(declared) ? declared : declared ? [declared] : [];
  const hooks = where === 'first' ? [hook, ...existing] : [...existing, hook];
  // The route options type each hook list with the route's generics; these hooks are generic.
  (route as unknown as Record<LifecycleHook, unknown[]>)[name] = hooks;
}
