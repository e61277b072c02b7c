import { describe, expect, it } from 'vitest';
import {
  BUILTIN_THEME,
  composite,
  contrastChecks,
  contrastRatio,
  headerTextColor,
  linkColor,
  overlayThemes,
  relativeLuminance,
  themeCss,
  themeVariables,
} from '../../src/shared/theme';
import { endOfDay, formatDate } from '../../src/shared/format';

describe('effective theme', () => {
  it('is the built-in look, then the default theme, then the company’s theme (missing fields inherited)', () => {
    expect(overlayThemes('vue')).toEqual(BUILTIN_THEME.vue);
    const theme = overlayThemes('vue', { primary: '#111111', isDark: true }, { primary: '#0b6e4f', gradient1: '#0b6e4f' });
    expect(theme).toEqual({ ...BUILTIN_THEME.vue, primary: '#0b6e4f', gradient1: '#0b6e4f', isDark: true });
    expect(overlayThemes('pdf', null, undefined).accent).toBe('#f28c28');
  });
});

describe('contrast (WCAG 2)', () => {
  it('computes the relative luminance and contrast ratio of the WCAG definition', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#777777')).toBe(contrastRatio('#777777', '#ffffff'));
  });

  it('composites the header gradient at opacity 0.7 and picks the text colour by luminance (160)', () => {
    expect(composite('#000000', '#ffffff', 0.7)).toBe('#4d4d4d');
    expect(headerTextColor(BUILTIN_THEME.vue)).toBe('#ffffff');
    expect(headerTextColor({ ...BUILTIN_THEME.vue, gradient1: '#ffe680', gradient2: '#ffd000' })).toBe('#111111');
  });

  it('passes the default theme and warns for a header running from dark to pale, a light primary colour and, in the dark variant, dark links', () => {
    expect(contrastChecks(BUILTIN_THEME.vue).every((c) => c.ok)).toBe(true);
    const pale = contrastChecks({ ...BUILTIN_THEME.vue, gradient1: '#1d4f91', gradient2: '#c8d8ee' });
    expect(pale.find((c) => c.kind === 'header')!.ok).toBe(false);
    const light = contrastChecks({ ...BUILTIN_THEME.vue, primary: '#f2a900' });
    expect(light.find((c) => c.kind === 'button')!.ok).toBe(false);
    // Links in the dark variant are lightened until they read on the dark card.
    const dark = { ...BUILTIN_THEME.vue, isDark: true };
    expect(linkColor(dark)).not.toBe(dark.primary);
    expect(contrastChecks(dark).find((c) => c.kind === 'link')!.ok).toBe(true);
  });
});

describe('CSS of a theme', () => {
  it('sets the brand variables, the gradient at 0.7 and the header image under /portal', () => {
    const vars = themeVariables({ ...BUILTIN_THEME.vue, primary: '#0b6e4f', gradient1: '#102030' }, '/portal');
    expect(vars['--colors-brand-DEFAULT']).toBe('#0b6e4f');
    expect(vars['--header-gradient-1']).toBe('rgb(16 32 48 / 0.7)');
    expect(vars['--header-image']).toBe('url("/portal/images/header.svg")');
    expect(themeCss(BUILTIN_THEME.vue, '/portal')).toMatch(/^html:root\{--colors-brand-DEFAULT:#1d4f91;.*--header-fg:#ffffff/);
  });

  it('cannot be broken out of by an image path', () => {
    const css = themeCss({ ...BUILTIN_THEME.vue, headerImage: '/x");}body{display:none;}"' }, '/portal');
    expect(css.match(/\{/g)).toHaveLength(1);
    expect(css).not.toContain('"x');
  });
});

describe('end of a calendar day in the Netherlands', () => {
  it('is the last millisecond of that day in Amsterdam, summer and winter', () => {
    expect(endOfDay('2026-07-01').toISOString()).toBe('2026-07-01T21:59:59.999Z');
    expect(endOfDay('2026-01-15').toISOString()).toBe('2026-01-15T22:59:59.999Z');
    expect(formatDate(endOfDay('2026-03-29').toISOString())).toBe('29 maart 2026');
  });
});
