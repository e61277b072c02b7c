import { auditRow } from '../audit/audit-row';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies, companyAdmins, users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { usersNl } from '../../../shared/i18n/users';
import { USER_UPDATE_FIELDS, type UserUpdate } from '../../../shared/validation/users';
import { assertManages, assertNotLastAdmin, findUser, isDemo, requireUserRole } from './access';
import { demoExpiry } from './demo';
import { getUser } from './get-user';

/**
 * PUT user/{id}: one's own name (login only), or — for a user one manages (user.edit) — name,
 * e-mail, a demo account's end date and, for root users, the company.
 */
export async function updateUser(ctx: UserServiceContext, id: number, input: UserUpdate) {
  // A field this call does not change (group_id, role_ids, password …) is a refusal by name, not a silent 200 (probe finding 6).
  const refused = Object.keys(input).filter((k) => !(USER_UPDATE_FIELDS as readonly string[]).includes(k));
  if (refused.length) throw new AppError('FORBIDDEN', usersNl.fieldNotChangeable(refused[0]!), Object.fromEntries(refused.map((k) => [k, [usersNl.fieldNotChangeable(k)]])));
  const self = id === ctx.user.id;
  const target = await findUser(ctx, id);
  const managed = !self || input.email !== undefined || input.company_id !== undefined || input.demo_expires_at !== undefined;
  if (managed) {
    requireUserRole(ctx.user, 'user.edit');
    if (self) throw new AppError('FORBIDDEN', usersNl.selfDemote);
    assertManages(ctx.user, target);
  }
  // Mails about project messages: each user decides for themselves, on their own profile.
  if (input.message_mails !== undefined && !self) throw new AppError('FORBIDDEN', nl.forbidden);
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.message_mails !== undefined) changes.messageMails = input.message_mails;
  if (input.fullname !== undefined) changes.fullname = input.fullname;
  if (input.email !== undefined && input.email !== target.email) {
    const [taken] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.email, input.email), ne(users.id, id)));
    if (taken) throw new AppError('CONFLICT', usersNl.emailTaken, { email: [usersNl.emailTaken] });
    changes.email = input.email;
  }
  if (input.demo_expires_at !== undefined) {
    if (!isDemo(target)) throw new AppError('VALIDATION', nl.validation, { demo_expires_at: [usersNl.notDemo] });
    changes.demoExpiresAt = demoExpiry(ctx, input.demo_expires_at);
  }
  const moves = input.company_id !== undefined && input.company_id !== target.companyId;
  if (moves) {
    if (!ctx.user.isRoot) throw new AppError('FORBIDDEN', usersNl.notYours);
    const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, input.company_id!), isNull(companies.deletedAt)));
    if (!company) throw new AppError('VALIDATION', nl.validation, { company_id: [usersNl.companyRequired] });
    // Leaving a company ends the admin role there, so the company must keep another admin.
    await assertNotLastAdmin(ctx, target.companyId, id);
    changes.companyId = input.company_id;
  }
  if (Object.keys(changes).length) {
    const update = ctx.db.update(users).set(changes).where(eq(users.id, id));
    const fields = Object.keys(changes).join(', ');
    const audit = auditRow(ctx, { action: self ? 'user.profile' : 'user.update', resource: 'user', resourceId: id, companyId: target.companyId, summary: `${self ? 'Eigen profiel' : `Gebruiker ${target.fullname}`} gewijzigd: ${fields}${moves ? ` (naar organisatie ${input.company_id})` : ''}` });
    if (moves && target.companyId !== null) {
      await ctx.db.batch([update, audit, ctx.db.delete(companyAdmins).where(and(eq(companyAdmins.userId, id), eq(companyAdmins.companyId, target.companyId)))]);
    } else await ctx.db.batch([update, audit]);
  }
  return getUser(ctx, id);
}
