import type { UserServiceContext } from '../../context';
import { reportsNl } from '../../../shared/i18n/reports';
import { findReport, requireReportRole } from './access';
import { copyTreeStatements } from './copy-tree';
import { presentReport } from './present';

/**
 * POST report/{id}/copy: a concept copy '{title} (kopie)' with copies of all its content
 * (copy-tree.ts), written in one batch. The copy is a main report (no parent), without readers or image.
 */
export async function copyReport(ctx: UserServiceContext, reportId: number) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const source = await findReport(ctx, reportId);
  const suffix = reportsNl.copySuffix;
  const title = source.title.length + suffix.length > 191 ? `${source.title.slice(0, 191 - suffix.length)}${suffix}` : `${source.title}${suffix}`;
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = source;
  const values = { ...fields, title, parentReportId: null, statusId: 1, archivedAt: null, deletedAt: null, imageKey: null, imageType: null };
  const { reportId: newId, statements } = await copyTreeStatements(ctx, reportId, values);
  await ctx.db.batch(statements);
  return presentReport(await findReport(ctx, newId));
}
