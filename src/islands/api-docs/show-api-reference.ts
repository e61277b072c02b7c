import { scalarNl } from './scalar-nl';

/**
 * Starts Scalar's API reference (its standalone bundle sets `window.Scalar`) on the portal's colours,
 * in Dutch, without the fonts and services it would fetch from elsewhere (the agent, the developer
 * tools, Scalar's own promotion): the portal's CSP and test browsers reach only the portal. The
 * element must not be `#api-reference`: the bundle mounts that one itself, with its defaults.
 */
interface ScalarGlobal {
  createApiReference(element: HTMLElement, config: Record<string, unknown>): unknown;
}

const PORTAL_THEME = `
.light-mode, .dark-mode {
  --scalar-color-accent: #1d4f91;
  --scalar-background-accent: #e8f0fa;
  --scalar-font: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
}
.light-mode {
  /* Scalar's greys and method colours darkened to WCAG AA contrast (4.5:1) on its white and light grey. */
  --scalar-color-3: #656565;
  --scalar-color-green: #0a7347;
  --scalar-color-blue: #1d4f91;
  --scalar-color-orange: #9a4a00;
  --scalar-color-red: #b3261e;
  --scalar-color-yellow: #7a5c00;
  --scalar-color-purple: #6b3fa0;
  --scalar-sidebar-color-2: #555555;
}
.scalar-toaster { max-width: calc(100vw - 32px); }
/* A long path in an operation's title wraps on a phone instead of widening the page. */
.operation-title, .operation-title * { overflow-wrap: anywhere; }
.light-mode .t-doc__sidebar, .light-mode .sidebar { --scalar-sidebar-color-active: #1d4f91; --scalar-sidebar-item-active-background: #e8f0fa; }
.dark-mode { --scalar-color-accent: #8fb4e8; }
`;

export function showApiReference(element: HTMLElement): void {
  const scalar = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
  if (!scalar) return;
  scalar.createApiReference(element, {
    url: element.dataset.url,
    theme: 'none',
    customCss: PORTAL_THEME,
    withDefaultFonts: false,
    hideClientButton: true,
    mcp: { disabled: true },
    agent: { disabled: true },
    localization: { locale: 'nl', translations: scalarNl },
    telemetry: false,
    showDeveloperTools: 'never',
    documentDownloadType: 'json',
    defaultOpenAllTags: false,
    hideDarkModeToggle: false,
    persistAuth: false,
  });
}
