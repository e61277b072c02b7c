import type { Db } from '../../db/client';
import type { PdfTheme } from '../../pdf/model';
import { loadEffectiveTheme } from '../themes/effective-theme';

/**
 * The company's PDF theme overlaid on the default PDF theme (spec 000 §3): the cover band and
 * headings in its primary colour, the stripe in its accent, a dark cover for a dark theme.
 */
export async function loadPdfTheme(db: Db, companyId: number): Promise<PdfTheme> {
  const theme = await loadEffectiveTheme(db, companyId, 'pdf');
  return { primary: theme.primary, accent: theme.accent, dark: theme.isDark, font: 'Helvetica' };
}
