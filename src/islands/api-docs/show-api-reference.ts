/**
 * Starts Scalar's API reference (its standalone bundle sets `window.Scalar`) on the portal's colours,
 * without the fonts and services it would fetch from elsewhere: the portal's CSP and test browsers
 * reach only the portal.
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
    telemetry: false,
    showDeveloperTools: 'never',
    documentDownloadType: 'json',
    defaultOpenAllTags: false,
    hideDarkModeToggle: false,
    persistAuth: false,
  });
}
