import type { Db } from '../../db/client';
import type { PdfTheme } from '../../pdf/model';
import { effectiveThemeRows, loadEffectiveTheme, resolveEffectiveTheme } from '../themes/effective-theme';

/**
 * The company's PDF theme overlaid on the default PDF theme (spec 000 §3): the cover band and
 * headings in its primary colour, the stripe in its accent, a dark cover for a dark theme.
 */
export async function loadPdfTheme(db: Db, companyId: number): Promise<PdfTheme> {
  return pdfFields(await loadEffectiveTheme(db, companyId, 'pdf'));
}

/** loadPdfTheme from the rows of effectiveThemeRows(…, 'pdf') read in a request's batch. */
export const pdfThemeOf = (rows: Awaited<ReturnType<typeof effectiveThemeRows>>): PdfTheme => pdfFields(resolveEffectiveTheme(rows, 'pdf'));

const pdfFields = (theme: ReturnType<typeof resolveEffectiveTheme>): PdfTheme => ({ primary: theme.primary, accent: theme.accent, dark: theme.isDark, font: 'Helvetica' });
