import type { UserConfig } from '@unocss/core';
import presetWind4 from '@unocss/preset-wind4';

// Breakpoints of spec 000 §9: mobile is below lg.
export default {
  presets: [presetWind4()],
  // Islands that only render in the browser (lazy dialogs) never pass through the server build,
  // so their classes are read from the files as well.
  content: { filesystem: ['src/**/*.{astro,tsx,ts}'] },
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
