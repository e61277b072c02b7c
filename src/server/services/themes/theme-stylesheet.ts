import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import type { UserServiceContext } from '../../context';
import { BASE_PATH } from '../../../shared/urls';
import { themeCss, type EffectiveTheme } from '../../../shared/theme';
import { loadEffectiveTheme } from './effective-theme';

/**
 * The shell's theme as a stylesheet and its version. The page links `theme/css?v=<version>` (the
 * CSP allows no inline style), so a changed theme is a new URL and an unchanged one stays cached.
 */
export function themeStylesheet(theme: EffectiveTheme) {
  const css = themeCss(theme, BASE_PATH);
  const version = encodeBase64urlNoPadding(sha256(new TextEncoder().encode(css))).slice(0, 16);
  return { css, version, href: `${BASE_PATH}/api/v2/theme/css?v=${version}` };
}

/** GET theme/css: the effective portal theme of the signed-in user's company. */
export async function getThemeStylesheet(ctx: UserServiceContext) {
  return themeStylesheet(await loadEffectiveTheme(ctx.db, ctx.user.companyId, 'vue'));
}
