import { auditRow } from '../audit/audit-row';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { panelAnswers, panelFieldOptions, panelFields, panelUsers } from '../../db/schema';
import { AppError } from '../../errors';
import { panelsNl } from '../../../shared/i18n/panels';
import { fieldKind } from '../../../shared/validation/panels';
import { csvFile } from '../../../shared/export/writer';
import { ownsPanel, requirePanelRole } from './access';
import { loadMembers } from './list-panel-members';


/**
 * GET panel/{id}/user/export: members with their background data as CSV (BOM, commas, one column per field in field order, choices as labels). Only the panel's own organisation:
 * a root user of another organisation gets 403.
 */
export async function exportPanelMembers(ctx: UserServiceContext, panelId: number): Promise<{ filename: string; csv: string }> {
  requirePanelRole(ctx.user, 'panel.edit');
  const { panel, members } = await loadMembers(ctx, panelId);
  if (!ownsPanel(ctx.user, panel)) throw new AppError('FORBIDDEN', panelsNl.exportOwnerOnly);
  const [, fields, answers] = await ctx.db.batch([
    auditRow(ctx, { action: 'panel.members.export', resource: 'panel', resourceId: panelId, companyId: panel.companyId, summary: `Panelleden geëxporteerd (namen, e-mailadressen, antwoorden): ${panel.name} (${members.length})` }),
    ctx.db.select().from(panelFields).where(eq(panelFields.panelId, panelId)).orderBy(asc(panelFields.order), asc(panelFields.id)),
    ctx.db
      .select({ userId: panelAnswers.userId, fieldId: panelAnswers.panelFieldId, value: panelAnswers.value, label: panelFieldOptions.label, order: panelFieldOptions.order })
      .from(panelAnswers)
      .leftJoin(panelFieldOptions, eq(panelFieldOptions.id, panelAnswers.optionId))
      .where(
        and(
          inArray(panelAnswers.panelFieldId, ctx.db.select({ id: panelFields.id }).from(panelFields).where(eq(panelFields.panelId, panelId))),
          inArray(panelAnswers.userId, ctx.db.select({ id: panelUsers.userId }).from(panelUsers).where(eq(panelUsers.panelId, panelId))),
        ),
      )
      .orderBy(asc(panelFieldOptions.order), asc(panelAnswers.id)),
  ]);
  const byKey = new Map<string, string[]>();
  for (const a of answers) (byKey.get(`${a.userId}:${a.fieldId}`) ?? byKey.set(`${a.userId}:${a.fieldId}`, []).get(`${a.userId}:${a.fieldId}`)!).push(a.label ?? a.value ?? '');
  const header = [...panelsNl.export.csvHeader, ...fields.map((f) => f.name)];
  const lines = members.map((m) =>
    [m.id, m.fullname, m.email, m.joinedAt.toISOString().slice(0, 10), ...fields.map((f) => (byKey.get(`${m.id}:${f.id}`) ?? []).join(fieldKind(f.typeId) === 'multi' ? '; ' : ''))],
  );
  const slug = panel.name.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'panel';
  return { filename: `${slug}-deelnemers.csv`, csv: csvFile([header, ...lines], { quoteAll: true }) };
}
