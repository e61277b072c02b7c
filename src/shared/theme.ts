import { luminance } from './chart/colors';

/**
 * Theme fields (spec 000 §3): header image, the header gradient's two colours, dark variant, plus
 * the primary and accent colours the shell and the PDF cover use. A theme stores only what it
 * sets; the effective theme is the default overlaid with the company's (missing = inherited).
 */
export interface ThemeFields {
  /** Path relative to /portal: the default '/images/header.svg' or an uploaded image. */
  headerImage?: string;
  gradient1?: string;
  gradient2?: string;
  primary?: string;
  accent?: string;
  isDark?: boolean;
}
export type ThemeType = 'vue' | 'pdf';
export type EffectiveTheme = Required<ThemeFields>;

export const DEFAULT_HEADER_IMAGE = '/images/header.svg';
/** Spec 000 §9: the header gradient lies over the header image at opacity 0.7. */
export const HEADER_GRADIENT_OPACITY = 0.7;

/** The built-in look per type, under every theme (the PDF keeps its own cover colours). */
export const BUILTIN_THEME: Record<ThemeType, EffectiveTheme> = {
  vue: { headerImage: DEFAULT_HEADER_IMAGE, gradient1: '#1d4f91', gradient2: '#153a6b', primary: '#1d4f91', accent: '#e5007d', isDark: false },
  pdf: { headerImage: DEFAULT_HEADER_IMAGE, gradient1: '#1f4e79', gradient2: '#2e75b6', primary: '#1f4e79', accent: '#f28c28', isDark: false },
};

/** The effective theme: built-in ← system default ← the company's theme (later layers win). */
export function overlayThemes(type: ThemeType, ...layers: (ThemeFields | null | undefined)[]): EffectiveTheme {
  const result: EffectiveTheme = { ...BUILTIN_THEME[type] };
  for (const layer of layers) {
    if (!layer) continue;
    for (const [key, value] of Object.entries(layer) as [keyof ThemeFields, unknown][]) {
      if (value !== undefined && value !== null) (result as Record<string, unknown>)[key] = value;
    }
  }
  return result;
}

type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) || 0) as Rgb;
}

const toHex = (c: Rgb) => `#${c.map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('')}`;

/** `top` at opacity `alpha` over `bottom` (both #rrggbb). */
export function composite(top: string, bottom: string, alpha: number): string {
  const a = hexToRgb(top);
  const b = hexToRgb(bottom);
  return toHex([0, 1, 2].map((i) => a[i]! * alpha + b[i]! * (1 - alpha)) as Rgb);
}

/** `hex` mixed with `other` (share of `other` 0…1). */
export function mix(hex: string, other: string, share: number): string {
  return composite(other, hex, share);
}

/** WCAG 2 relative luminance (0…1). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio (1…21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

/** Page and card backgrounds of the light and dark variant. */
export const SURFACES = { light: { page: '#f9fafb', card: '#ffffff' }, dark: { page: '#16181d', card: '#1f232a' } } as const;

/** What the header's two gradient stops look like (at opacity 0.7 over the page background). */
export function headerStops(theme: EffectiveTheme): [string, string] {
  const under = theme.isDark ? SURFACES.dark.page : SURFACES.light.page;
  return [composite(theme.gradient1, under, HEADER_GRADIENT_OPACITY), composite(theme.gradient2, under, HEADER_GRADIENT_OPACITY)];
}

/** Header text: white when the header's luminance is under 160, else black (spec 001 §9). */
export function headerTextColor(theme: EffectiveTheme): '#ffffff' | '#111111' {
  const [a, b] = headerStops(theme);
  return luminance(mix(a, b, 0.5)) < 160 ? '#ffffff' : '#111111';
}

/** Links in the dark variant: the primary lightened until it reads on the dark card. */
export function linkColor(theme: EffectiveTheme): string {
  if (!theme.isDark) return theme.primary;
  for (let share = 0.3; share < 1; share += 0.1) {
    const candidate = mix(theme.primary, '#ffffff', share);
    if (contrastRatio(candidate, SURFACES.dark.card) >= AA_CONTRAST) return candidate;
  }
  return '#ffffff';
}

export interface ContrastCheck {
  /** Which pair: header text on the header, white button text on primary, links on the page. */
  kind: 'header' | 'button' | 'link';
  ratio: number;
  ok: boolean;
}

/** The WCAG AA checks of a theme (the theme editor warns when one fails). */
export function contrastChecks(theme: EffectiveTheme): ContrastCheck[] {
  const fg = headerTextColor(theme);
  const header = Math.min(...headerStops(theme).map((stop) => contrastRatio(fg, stop)));
  const button = contrastRatio('#ffffff', theme.primary);
  const link = contrastRatio(linkColor(theme), theme.isDark ? SURFACES.dark.card : SURFACES.light.card);
  return [
    { kind: 'header', ratio: header, ok: header >= AA_CONTRAST },
    { kind: 'button', ratio: button, ok: button >= AA_CONTRAST },
    { kind: 'link', ratio: link, ok: link >= AA_CONTRAST },
  ];
}

const rgba = (hex: string, alpha: number) => `rgb(${hexToRgb(hex).join(' ')} / ${alpha})`;

/** The CSS custom properties of a theme (the shell, the editor's preview). `base` = '/portal'. */
export function themeVariables(theme: EffectiveTheme, base: string): Record<string, string> {
  const image = theme.headerImage.startsWith('/') ? `${base}${theme.headerImage}` : theme.headerImage;
  return {
    '--colors-brand-DEFAULT': theme.primary,
    '--colors-brand-dark': mix(theme.primary, '#000000', 0.25),
    '--colors-brand-light': theme.isDark ? mix(theme.primary, SURFACES.dark.card, 0.8) : mix(theme.primary, '#ffffff', 0.9),
    '--colors-accent': theme.accent,
    '--header-gradient-1': rgba(theme.gradient1, HEADER_GRADIENT_OPACITY),
    '--header-gradient-2': rgba(theme.gradient2, HEADER_GRADIENT_OPACITY),
    '--header-image': `url("${image.replace(/["\\\n]/g, '')}")`,
    '--header-fg': headerTextColor(theme),
    '--link-color': linkColor(theme),
  };
}

/** One CSS rule block for the shell: variables on the root, and the dark variant's palette. */
export function themeCss(theme: EffectiveTheme, base: string): string {
  const vars = Object.entries(themeVariables(theme, base))
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
  return `html:root{${vars}}`;
}
