import { afterAll, describe, expect, it } from 'vitest';
import { directSession } from '../helpers/direct-session';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

interface Item {
  id: number;
  title: string;
  reportsCount: number;
  usersCount: number;
  admins: string[];
  license_end_date_style: string | null;
}

async function list(email: string, query = '') {
  const s = await directSession(t, email);
  return s.get(`/portal/api/v2/project${query}`);
}
const ids = async (res: Response) => ((await res.json()) as { data: Item[] }).data.map((p) => p.id).sort((a, b) => a - b);

describe('GET project', () => {
  it('needs a login', async () => {
    expect((await t.session().get('/portal/api/v2/project')).status).toBe(401);
  });

  it("lists my projects, hiding sub-projects whose parent is among them", async () => {
    const res = await list('gebruiker@demo.impulz.nl');
    expect(res.status).toBe(200);
    // Project 2 is a sub-project of project 1, which is also Carla's.
    expect(await ids(res)).toEqual([1, 3, 4]);
  });

  it('gives company admins the whole organisation as their projects, and nothing of another company', async () => {
    const mine = await list('beheerder@demo.impulz.nl');
    expect(await ids(mine.clone())).toEqual([1, 3, 4, 5]);
    const item = ((await mine.json()) as { data: Item[] }).data.find((p) => p.id === 1)!;
    // Bram, Carla, the Api user and the two demo accounts (scripts/seed/users.ts).
    expect(item).toMatchObject({ usersCount: 5, reportsCount: 3, admins: ['Bram Jansen'], license_end_date_style: 'warning' });
    // 'all' is no more than 'mine' for a company admin.
    expect(await ids(await list('beheerder@demo.impulz.nl', '?all=1'))).toEqual([1, 3, 4, 5]);
    expect(await ids(await list('beheerder@noordbroek.demo.impulz.nl'))).toEqual([6]);
  });

  it("gives the root user the own organisation's projects, and every project with 'all'", async () => {
    expect(await ids(await list('admin@demo.impulz.nl'))).toEqual([1, 3, 4, 5]);
    expect(await ids(await list('admin@demo.impulz.nl', '?all=1'))).toEqual([1, 3, 4, 5, 6, 7]);
  });

  it("refuses 'all' to a user who is no admin", async () => {
    expect((await list('gebruiker@demo.impulz.nl', '?all=1')).status).toBe(403);
  });
});

describe('GET project/index-items[/all]', () => {
  it('lists id, title and parent of my projects, by title', async () => {
    const s = await directSession(t, 'gebruiker@delinde.demo.impulz.nl');
    const res = await s.get('/portal/api/v2/project/index-items');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toEqual([{ id: 7, title: 'Cliëntervaringsonderzoek De Linde 2026', parent_project_id: null }]);
  });

  it('uses the same "my projects" as the overview and the front page; /all adds what root may open', async () => {
    const root = await directSession(t, 'admin@demo.impulz.nl');
    const mine = ((await (await root.get('/portal/api/v2/project/index-items')).json()) as { data: { id: number }[] }).data.map((p) => p.id).sort();
    expect(mine).toEqual([1, 2, 3, 4, 5]);
    const all = ((await (await root.get('/portal/api/v2/project/index-items/all')).json()) as { data: { id: number }[] }).data.map((p) => p.id).sort();
    expect(all).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
