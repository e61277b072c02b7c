import { hasGroup, hasRole, type Role, type Subject } from './permissions';
import { matchRoute, type RouteMatch } from './routes';

export type GuardDecision =
  | { kind: 'allow'; match: RouteMatch }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' };

// Spec 000 §4: these two need a login but no role (ViewUserBase checks ownership itself).
const EXEMPT = new Set(['Frontpage', 'ViewUserBase']);

/**
 * The page guard of spec 000 §4 as a pure decision (paths relative to /portal):
 * not logged in → Login unless outsideApp/publicReport; logged in on Login or an outsideApp route
 * → Frontpage; a missing role or group → Frontpage (the server-side form of 'cancelled silently').
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
  return mayOpen(user, route) ? { kind: 'allow', match } : { kind: 'redirect', to: '/' };
}

/** Role and group check of a route, tab or menu item (also used to hide navigation). */
export function mayOpen(user: Subject | null, item: { roles?: readonly Role[]; allRoles?: readonly Role[]; group?: Parameters<typeof hasGroup>[1] }): boolean {
  if (!user) return false;
  if (item.roles?.length && !hasRole(user, item.roles)) return false;
  if (item.allRoles?.some((role) => !hasRole(user, role))) return false;
  return hasGroup(user, item.group);
}
