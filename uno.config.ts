import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UserConfig } from '@unocss/core';
import presetWind4 from '@unocss/preset-wind4';

/**
 * Every word of the string literals in the islands' files. `content.filesystem` does not reach the
 * Astro build (unocss/unocss#4831), so classes written only in modules the server never renders —
 * client:only islands (report view, summary) and DOM built by hand (alerts, the confirm dialog) —
 * got no CSS. Words that are no utility produce nothing.
 */
function islandWords(dir = 'src/islands'): string[] {
  const words = new Set<string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (/\.tsx?$/.test(e.name)) {
        for (const [, a, b, c] of readFileSync(join(d, e.name), 'utf8').matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
          for (const w of (a ?? b ?? c ?? '').replace(/\$\{[^}]*\}/g, ' ').split(/\s+/)) if (w && w.length <= 80) words.add(w);
        }
      }
    }
  };
  walk(dir);
  return [...words];
}

// Breakpoints of spec 000 §9: mobile is below lg.
export default {
  presets: [presetWind4()],
  // Islands that only render in the browser never pass through the server build: their classes
  // are read from the files (see islandWords).
  safelist: islandWords(),
  // Tailwind 4's reset leaves a bare `border` in currentColor (black); the portal's borders are grey,
  // and a field's outline keeps the 3:1 contrast WCAG 1.4.11 asks of it. Classes still choose their own.
  preflights: [
    {
      layer: 'base',
      getCSS: () => '*,::after,::before{border-color:#d1d5db}input,select,textarea,button{border-color:#6b7280}',
    },
  ],
  theme: {
    breakpoint: { sm: '600px', md: '960px', lg: '1280px', xl: '1920px', xxl: '2560px' },
    colors: {
      brand: { DEFAULT: '#1d4f91', dark: '#153a6b', light: '#e8f0fa' },
      accent: '#e5007d',
    },
  },
} satisfies UserConfig;
