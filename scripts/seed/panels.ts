import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { panelFields } from '../../src/server/db/schema';
import { loadFields } from '../../src/server/services/panels/load-fields';
import { createPanelField } from '../../src/server/services/panels/panel-fields';
import { saveUserAnswers } from '../../src/server/services/panels/user-answers';
import type { PanelFieldInput } from '../../src/shared/validation/panels';
import { seedContext } from './context';

/** Background fields of the demo panels (field and option id 1 are the Burgerpanel's 'Leeftijdsgroep' and '18 – 34 jaar'). */
export const DEMO_PANEL_FIELDS: { panelId: number; fields: PanelFieldInput[] }[] = [
  {
    panelId: 1,
    fields: [
      { name: 'Leeftijdsgroep', type_id: 5, required: true, options: ['18 – 34 jaar', '35 – 49 jaar', '50 – 64 jaar', '65 jaar of ouder'] },
      { name: 'Wijk', type_id: 6, required: true, description: 'De wijk waarin u woont.', options: ['Centrum', 'Havenkwartier', 'Noord', 'Zuid'] },
      { name: 'Samenstelling huishouden', type_id: 7, options: ['Alleenstaand', 'Met partner', 'Met kinderen thuis', 'Anders'] },
      { name: 'Aantal jaren in Zuiderhaven', type_id: 3, min: 0, max: 110 },
    ],
  },
  {
    panelId: 2,
    fields: [
      { name: 'Dorp', type_id: 5, required: true, options: ['Noordbroek', 'Zuidbroek', 'Uiterburen'] },
      { name: 'Postcode', type_id: 8 },
    ],
  },
];

/**
 * The demo panels' background fields (through the panel services) and the demo member's answers
 * (Carla Bakker in the Burgerpanel, through her own PUT user/{id}/answer). Skips a panel that has fields.
 */
export async function seedPanels(db: Db, today = new Date()): Promise<void> {
  const existing = await db.select({ panelId: panelFields.panelId }).from(panelFields).where(inArray(panelFields.panelId, DEMO_PANEL_FIELDS.map((p) => p.panelId)));
  const done = new Set(existing.map((r) => r.panelId));
  const admin = seedContext(db, today);
  for (const p of DEMO_PANEL_FIELDS) {
    if (done.has(p.panelId)) continue;
    for (const f of p.fields) await createPanelField(admin, p.panelId, f);
  }
  if (done.has(1)) return;
  const fields = await db.select().from(panelFields).where(eq(panelFields.panelId, 1));
  const byName = new Map(fields.map((f) => [f.name, f.id]));
  const views = await loadFields(db, [1]);
  const option = (field: string, label: string) => views.find((f) => f.name === field)!.options.find((o) => o.label === label)!.id;
  // Carla's answers schedule the survey's cube rebuild (a fielded panel); the seed's job system runs it at once.
  const carla = seedContext(db, today, { id: 3, email: 'gebruiker@demo.impulz.nl', fullname: 'Carla Bakker', isRoot: false, roles: ['panel.access'] });
  await saveUserAnswers(carla, 3, {
    panel_id: 1,
    data: {
      [byName.get('Leeftijdsgroep')!]: option('Leeftijdsgroep', '35 – 49 jaar'),
      [byName.get('Wijk')!]: option('Wijk', 'Havenkwartier'),
      [byName.get('Samenstelling huishouden')!]: [option('Samenstelling huishouden', 'Met partner'), option('Samenstelling huishouden', 'Met kinderen thuis')],
    },
  });
}
