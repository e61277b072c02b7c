import { hasGroup, hasRole, type Role, type Subject } from './permissions';
import { matchRoute, type RouteMatch } from './routes';

export type GuardDecision =
  | { kind: 'allow'; match: RouteMatch }
  | { kind: 'redirect'; to: string }
  /** Logged in, but without the route's role or group: the 'Geen toegang' page with status 403. */
  | { kind: 'forbidden'; match: RouteMatch }
  | { kind: 'notFound' };

// Spec 000 §4: these two need a login but no role (ViewUserBase checks ownership itself).
const EXEMPT = new Set(['Frontpage', 'ViewUserBase']);

/**
 * The page guard of spec 000 §4 as a pure decision (paths relative to /portal):
 * not logged in → Login unless outsideApp/publicReport; logged in on Login or an outsideApp route
 * → Frontpage; a missing role or group → 'forbidden': the page says so in Dutch (status 403)
 * instead of the spec's silent cancel, which on a server-rendered page would look like a dead link.
 */
export function decideRoute(path: string, user: Subject | null): GuardDecision {
  const match = matchRoute(path);
  if (!match) return { kind: 'notFound' };
  const { route } = match;
  if (!user) {
    const open = !route.requiresAuth || route.outsideApp || route.publicReport;
    return open ? { kind: 'allow', match } : { kind: 'redirect', to: '/login' };
  }
  if (route.outsideApp) return { kind: 'redirect', to: '/' };
  if (!route.requiresAuth || EXEMPT.has(route.name)) return { kind: 'allow', match };
  return mayOpen(user, route) ? { kind: 'allow', match } : { kind: 'forbidden', match };
}

/** Role and group check of a route, tab or menu item (also used to hide navigation). */
export function mayOpen(user: Subject | null, item: { roles?: readonly Role[]; allRoles?: readonly Role[]; group?: Parameters<typeof hasGroup>[1] }): boolean {
  if (!user) return false;
  if (item.roles?.length && !hasRole(user, item.roles)) return false;
  if (item.allRoles?.some((role) => !hasRole(user, role))) return false;
  return hasGroup(user, item.group);
}
