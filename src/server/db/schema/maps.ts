import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Topology } from 'topojson-specification';
import type { Bbox, MapArea } from '../../../shared/maps';
import { timestamps } from './columns';
import { companies } from './companies';
import { reportCharts } from './reports';

/**
 * District boundaries of an organisation (docs/maps.md): reprojected to WGS84, simplified and
 * stored once as one TopoJSON topology (object `areas`, properties code and name).
 */
export const companyMaps = sqliteTable(
  'company_maps',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    codeProperty: text('code_property').notNull(),
    nameProperty: text('name_property').notNull(),
    areaCount: integer('area_count').notNull(),
    bbox: text('bbox', { mode: 'json' }).$type<Bbox>().notNull(),
    areas: text('areas', { mode: 'json' }).$type<MapArea[]>().notNull(),
    topology: text('topology', { mode: 'json' }).$type<Topology>().notNull(),
    ...timestamps,
  },
  (t) => [index('company_maps_company_idx').on(t.companyId)],
);

/** How values per area are put in classes for the legend. */
export type MapClassMethod = 'equal' | 'quantile';

/**
 * A map chart's settings (chart type 'map'): the map, where the areas come from (a single-choice
 * question of the survey, or a filter category of the report), the answer → area mapping and the legend's classes.
 * A map in use can't be deleted (restrict).
 */
export const reportChartMaps = sqliteTable('report_chart_maps', {
  chartId: integer('chart_id')
    .primaryKey()
    .references(() => reportCharts.id, { onDelete: 'cascade' }),
  mapId: integer('map_id')
    .notNull()
    .references(() => companyMaps.id, { onDelete: 'restrict' }),
  /** Cube column of a single-choice question whose options are areas; or null with `areaCategoryId`. */
  areaColumnKey: text('area_column_key'),
  areaCategoryId: integer('area_category_id'),
  /** Answer code (or filter option id) → area code; unmapped answers are listed as such. */
  mapping: text('mapping', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
  /** Percentage charts: the answer code whose share is shown (null: the top box when the format asks for it). */
  answerCode: text('answer_code'),
  classMethod: text('class_method').$type<MapClassMethod>().notNull().default('equal'),
  classCount: integer('class_count').notNull().default(5),
  ...timestamps,
});
