import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/data';
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
  const s = t.session();
  expect((await s.login(email, DEMO_PASSWORD)).status).toBe(200);
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

  it("gives company admins 'all' = the company's projects, and nothing of another company", async () => {
    expect(await ids(await list('beheerder@demo.impulz.nl'))).toEqual([1, 3, 5]);
    const all = await list('beheerder@demo.impulz.nl', '?all=1');
    expect(await ids(all.clone())).toEqual([1, 3, 4, 5]);
    const item = ((await all.json()) as { data: Item[] }).data.find((p) => p.id === 1)!;
    expect(item).toMatchObject({ usersCount: 3, reportsCount: 2, admins: ['Bram Jansen'], license_end_date_style: 'warning' });
    expect(await ids(await list('beheerder@noordbroek.demo.impulz.nl', '?all=1'))).toEqual([6]);
  });

  it("refuses 'all' to a user who is no admin", async () => {
    expect((await list('gebruiker@demo.impulz.nl', '?all=1')).status).toBe(403);
  });
});

describe('GET project/index-items', () => {
  it('lists id and title of every visible project, by title', async () => {
    const s = t.session();
    await s.login('gebruiker@delinde.demo.impulz.nl', DEMO_PASSWORD);
    const res = await s.get('/portal/api/v2/project/index-items');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toEqual([{ id: 7, title: 'Cliëntervaringsonderzoek De Linde 2026' }]);
  });
});
