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

/**
 * What the header's two gradient stops look like: the gradient (opacity 0.7) lies over the header
 * image, which lies over the header's base colour, gradient colour 1. The default image is a faint
 * line pattern; a photo of one's own shows through at 30 % and is not part of the check.
 */
export function headerStops(theme: EffectiveTheme): [string, string] {
  const base = theme.gradient1;
  return [composite(theme.gradient1, base, HEADER_GRADIENT_OPACITY), composite(theme.gradient2, base, HEADER_GRADIENT_OPACITY)];
}

/** Header text: white when the header's luminance is under 160, else black (spec 001 §9). */
export function headerTextColor(theme: EffectiveTheme): '#ffffff' | '#111111' {
  const [a, b] = headerStops(theme);
  return luminance(mix(a, b, 0.5)) < 160 ? '#ffffff' : '#111111';
}

/** The tint behind current items (side navigation, badges): light in the light variant, dark in the dark one. */
export function brandLight(theme: EffectiveTheme): string {
  return theme.isDark ? mix(theme.primary, SURFACES.dark.card, 0.8) : mix(theme.primary, '#ffffff', 0.9);
}

/** Where links and brand-coloured text stand: the card and the tint of current items. */
const linkGrounds = (theme: EffectiveTheme) => [theme.isDark ? SURFACES.dark.card : SURFACES.light.card, brandLight(theme)];

/** Links in the dark variant: the primary lightened until it reads on the dark card and the tint. */
export function linkColor(theme: EffectiveTheme): string {
  if (!theme.isDark) return theme.primary;
  for (let share = 0.3; share < 1; share += 0.05) {
    const candidate = mix(theme.primary, '#ffffff', share);
    if (linkGrounds(theme).every((ground) => contrastRatio(candidate, ground) >= AA_CONTRAST)) return candidate;
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
  const link = Math.min(...linkGrounds(theme).map((ground) => contrastRatio(linkColor(theme), ground)));
  return [
    { kind: 'header', ratio: header, ok: header >= AA_CONTRAST },
    { kind: 'button', ratio: button, ok: button >= AA_CONTRAST },
    { kind: 'link', ratio: link, ok: link >= AA_CONTRAST },
  ];
}

const rgba = (hex: string, alpha: number) => `rgb(${hexToRgb(hex).join(' ')} / ${alpha})`;

/** The CSS custom properties of a theme (the shell, the editor's preview). `base` = '/portal'. */
export function themeVariables(theme: EffectiveTheme, base: string): Record<string, string> {
  // Only path characters: the value ends up inside url("…") in a style element.
  const path = theme.headerImage.replace(/[^A-Za-z0-9/_.?=&-]/g, '');
  const image = path.startsWith('/') ? `${base}${path}` : `${base}/images/header.svg`;
  return {
    '--colors-brand-DEFAULT': theme.primary,
    '--colors-brand-dark': mix(theme.primary, '#000000', 0.25),
    '--colors-brand-light': brandLight(theme),
    '--colors-accent': theme.accent,
    '--header-gradient-1': rgba(theme.gradient1, HEADER_GRADIENT_OPACITY),
    '--header-gradient-2': rgba(theme.gradient2, HEADER_GRADIENT_OPACITY),
    '--header-image': `url("${image}")`,
    '--header-base': theme.gradient1,
    '--header-fg': headerTextColor(theme),
    '--link-color': linkColor(theme),
  };
}

/** The grey scale of the dark variant: turned around, so light text on dark surfaces. */
export const DARK_GREYS: Record<string, string> = {
  '--colors-gray-50': '#16181d', '--colors-gray-100': '#23272f', '--colors-gray-200': '#2e333c', '--colors-gray-300': '#3d434e',
  '--colors-gray-400': '#5b6371', '--colors-gray-500': '#8b93a1', '--colors-gray-600': '#a9b0bc', '--colors-gray-700': '#c3c8d1',
  '--colors-gray-800': '#dcdfe5', '--colors-gray-900': '#eef0f3',
};
/** The light grey scale (UnoCSS's), for a light preview inside a dark page. */
export const LIGHT_GREYS: Record<string, string> = {
  '--colors-gray-50': 'oklch(98.5% 0.002 247.839)', '--colors-gray-100': 'oklch(96.7% 0.003 264.542)', '--colors-gray-200': 'oklch(92.8% 0.006 264.531)',
  '--colors-gray-300': 'oklch(87.2% 0.01 258.338)', '--colors-gray-400': 'oklch(70.7% 0.022 261.325)', '--colors-gray-500': 'oklch(55.1% 0.027 264.364)',
  '--colors-gray-600': 'oklch(44.6% 0.03 256.802)', '--colors-gray-700': 'oklch(37.3% 0.034 259.733)', '--colors-gray-800': 'oklch(27.8% 0.033 256.848)',
  '--colors-gray-900': 'oklch(21% 0.034 264.665)',
};

/** The variables of the editor's live preview: the theme plus its grey scale. */
export function previewVariables(theme: EffectiveTheme, base: string): Record<string, string> {
  return { ...themeVariables(theme, base), ...(theme.isDark ? DARK_GREYS : LIGHT_GREYS) };
}

/** One CSS rule for the shell: the theme's variables on the root (with the dark grey scale when dark). */
export function themeCss(theme: EffectiveTheme, base: string): string {
  const vars = Object.entries({ ...themeVariables(theme, base), ...(theme.isDark ? DARK_GREYS : {}) })
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
  return `html:root{${vars}}`;
}
