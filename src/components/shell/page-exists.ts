import { matchRoute, routeByName } from '../../shared/routes';

// The page files of this build (keys only, nothing is loaded): buttons to screens that are not
// built yet are left out instead of leading to the 404 page.
const files = Object.keys(import.meta.glob('/src/pages/**/*.astro'));
const patterns = new Set(
  files.map((file) =>
    file
      .replace(/^\/src\/pages/, '')
      .replace(/\.astro$/, '')
      .replace(/\/index$/, '')
      .replace(/\[[^\]]+\]/g, ':')
      || '/',
  ),
);

/** Does the route have a page in this build? */
export function pageExists(routeName: string): boolean {
  const route = routeByName.get(routeName);
  return !!route && patterns.has(route.path.replace(/:\w+/g, ':'));
}

/** Does a link (path relative to /portal, query allowed) lead to a page of this build? */
export function pathExists(href: string): boolean {
  const match = matchRoute(href.split(/[?#]/)[0] || '/');
  return !!match && pageExists(match.route.name);
}
