import { defineMiddleware } from 'astro:middleware';
import { decideRoute } from './shared/route-guard';
import { BASE_PATH } from './shared/urls';

/**
 * The page guard runs once per page request, before any page: pages no longer redirect on their
 * own. Unmatched paths fall through to Astro, which renders src/pages/404.astro with status 404.
 */
export const onRequest = defineMiddleware((context, next) => {
  const { pathname } = context.url;
  if (!pathname.startsWith(BASE_PATH) || pathname.startsWith(`${BASE_PATH}/_`)) return next();
  const path = pathname.slice(BASE_PATH.length) || '/';
  const decision = decideRoute(path, context.locals.user);
  if (decision.kind === 'redirect') return context.redirect(`${BASE_PATH}${decision.to}`, 302);
  // Same URL, the 'Geen toegang' page (it sets status 403).
  if (decision.kind === 'forbidden') return next(`${BASE_PATH}/403`);
  return next();
});
