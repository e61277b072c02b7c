import { and, asc, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { themes } from '../../db/schema';
import type { PdfTheme } from '../../pdf/model';

/** Theme gradients (spec 000 §3: 1 or 2) as cover colours: ImpulZ blue/orange or teal/blue. */
const GRADIENTS: Record<number, { primary: string; accent: string }> = {
  1: { primary: '#1f4e79', accent: '#f28c28' },
  2: { primary: '#2e7d7d', accent: '#5b9bd5' },
};

/**
 * The company's PDF theme overlaid on the default PDF theme (spec 000 §3: "the effective theme is
 * the default theme overlaid with the chosen one"); without any theme rows the ImpulZ colours.
 */
export async function loadPdfTheme(db: Db, companyId: number): Promise<PdfTheme> {
  const rows = await db
    .select()
    .from(themes)
    .where(and(eq(themes.type, 'pdf'), or(isNull(themes.companyId), eq(themes.companyId, companyId))))
    .orderBy(desc(themes.isDefault), asc(themes.id));
  const base = rows.find((t) => t.companyId === null && t.isDefault) ?? rows.find((t) => t.companyId === null);
  const own = rows.find((t) => t.companyId === companyId);
  const effective = { gradient: 1, isDark: false, ...(base && { gradient: base.gradient, isDark: base.isDark }), ...(own && { gradient: own.gradient, isDark: own.isDark }) };
  const colours = GRADIENTS[effective.gradient] ?? GRADIENTS[1]!;
  return { ...colours, dark: effective.isDark, font: 'Helvetica' };
}
