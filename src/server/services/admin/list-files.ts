import { auditRow } from '../audit/audit-row';
import type { UserServiceContext } from '../../context';
import { AppError } from '../../errors';
import { adminNl } from '../../../shared/i18n/admin';
import { filesNl } from '../../../shared/i18n/admin-files';
import { classifyFiles } from './classify-files';
import { listKeys } from './file-keys';
import { adminCompany, notFound, requireAdminRole } from './scope';

/** GET admin/files: every stored object with owner, project, size and type; orphans marked. */
export async function listFiles(ctx: UserServiceContext) {
  requireAdminRole(ctx.user, 'admin.view');
  const available = !!ctx.jobs?.files.list;
  const company = adminCompany(ctx.user);
  const files = (await classifyFiles(ctx, await listKeys(ctx))).filter((f) => company === null || f.company_id === company);
  return { available, files };
}

/** DELETE admin/file {key}: removes one object, only when nothing in the database refers to it. */
export async function deleteOrphanFile(ctx: UserServiceContext, key: string) {
  requireAdminRole(ctx.user, 'admin.delete');
  const store = ctx.jobs?.files;
  if (!store) throw notFound();
  const [found] = (await listKeys(ctx, key)).filter((o) => o.key === key);
  if (!found) throw notFound();
  const [file] = await classifyFiles(ctx, [found]);
  const company = adminCompany(ctx.user);
  if (company !== null && file!.company_id !== company) throw notFound();
  if (!file!.orphan) throw new AppError('CONFLICT', filesNl.notOrphan);
  await store.delete(key);
  await auditRow(ctx, { action: 'orphan-delete', resource: 'file', companyId: file!.company_id, summary: adminNl.audit.orphanDeleted(key) });
  return { key };
}
