import { and, inArray, ne, type SQL } from 'drizzle-orm';
import { activeAccount } from '../../auth/sessions';
import { users } from '../../db/schema';
import { GROUPS } from '../../../shared/permissions';

/**
 * Staff accounts: every group but Panellid. Panel members (citizens who registered through a
 * panel link) are listed only on the 'Panelleden' tab and the panel pages, never in staff lists.
 */
export const staffAccount = (): SQL => ne(users.groupId, GROUPS.Panellid);

/**
 * The people staff pick from (project members, report readers, transfer targets, company admins,
 * schedule recipients): Admin, Beheerder and Gebruiker accounts — no panel members, no Api users —
 * that are active (activeAccount: not deleted, no demo account past its end).
 */
export const pickableStaff = (now: Date): SQL => and(inArray(users.groupId, [GROUPS.Admin, GROUPS.Beheerder, GROUPS.Gebruiker]), activeAccount(now))!;
