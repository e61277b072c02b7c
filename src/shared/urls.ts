/** Every portal URL is built here, relative to the /portal base path. */
export const BASE_PATH = '/portal';

export function url(path = '/'): string {
  return `${BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`;
}

export const urls = {
  frontpage: () => url('/'),
  login: () => url('/login'),
  favicon: () => url('/favicon.svg'),
  apiDocs: () => url('/api-docs'),
  openApiDocument: () => url('/api/v2/openapi.json'),
} as const;
