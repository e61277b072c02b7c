import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The days (UTC) this isolate already knows a public view of a report is in the trail: `${report}:${day}`. */
const seen = new Set<string>();
const DAY = 86_400_000;

/**
 * Public access in the audit trail (issue 34) without a row per anonymous page view: the first
 * view of a public report on a UTC day writes one `report.public.view` row (its address, no user);
 * every later view that day writes nothing. The insert checks the trail itself (index on resource,
 * id, time), so isolates never duplicate a day; each isolate then remembers the day and costs no
 * round trip for the rest of it. Only called once the report turned out to be public.
 */
export async function recordPublicView(db: Db, reportId: number, ip: string | null, now = new Date()): Promise<void> {
  const dayStart = Math.floor(now.getTime() / DAY) * DAY;
  const key = `${reportId}:${dayStart}`;
  if (seen.has(key)) return;
  const date = new Date(dayStart).toISOString().slice(0, 10);
  await db.run(sql`insert into audit_log (user_id, company_id, action, resource, resource_id, summary, ip, result, created_at)
    select null, p.company_id, 'report.public.view', 'report', r.id, ${`Openbare rapportage bekeken (eerste bezoek op ${date}, UTC): `} || r.title, ${ip?.slice(0, 64) ?? null}, 'ok', ${now.getTime()}
    from reports r join projects p on p.id = r.project_id
    where r.id = ${reportId} and r.direct_access = 1
      and not exists (select 1 from audit_log a where a.resource = 'report' and a.resource_id = r.id and a.created_at >= ${dayStart} and a.action = 'report.public.view')`);
  if (seen.size > 10_000) seen.clear();
  seen.add(key);
}

/** Tests: forget what this isolate has seen. */
export const forgetPublicViews = () => seen.clear();
