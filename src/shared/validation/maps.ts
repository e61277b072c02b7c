import './zod-nl';
import { z } from 'zod';
import { mapsNl } from '../i18n/maps';
import { messages } from './messages';

/** The largest boundary file an upload takes (413 above it; the form reads no properties from a larger one). */
export const MAX_MAP_BYTES = 20 * 1024 * 1024;

const name = z.string({ error: mapsNl.nameRequired }).trim().min(2, messages.min2Chars).max(80, messages.maxLength(80));
const property = z.string({ error: mapsNl.propertyRequired }).trim().min(1, mapsNl.propertyRequired).max(80, messages.maxLength(80));

/** POST company/{id}/map: the form fields beside the multipart `file`. */
export const MapUploadFields = z.object({ name, code_property: property, name_property: property });
export type MapUploadFields = z.infer<typeof MapUploadFields>;

/** PUT company/{id}/map/{mid}: the name (the geometry changes by a new upload). */
export const MapUpdate = z.object({ name });
export type MapUpdate = z.infer<typeof MapUpdate>;

/**
 * PUT chart/{id}/map: a map chart's map, where its areas come from — a single-choice question
 * (`area_column_key`, mapping answer code → area) or a filter category of the report
 * (`area_category_id`, mapping option id → area), exactly one of them — the answer shown and the
 * legend classes.
 */
export const ChartMapInput = z
  .object({
    map_id: z.number({ error: mapsNl.mapRequired }).int().min(1, mapsNl.mapRequired),
    area_column_key: z.string({ error: mapsNl.areaQuestionRequired }).trim().min(1, mapsNl.areaQuestionRequired).max(200).nullable().optional(),
    area_category_id: z.number({ error: mapsNl.areaQuestionRequired }).int(mapsNl.areaQuestionRequired).min(1, mapsNl.areaQuestionRequired).nullable().optional(),
    mapping: z.record(z.string().max(100), z.string().max(100)).refine((m) => Object.keys(m).length <= 2000, mapsNl.tooManyMappings),
    answer_code: z.string().trim().max(100).nullable().optional(),
    class_method: z.enum(['equal', 'quantile'], { error: mapsNl.classMethod }).default('equal'),
    class_count: z.number({ error: mapsNl.classCount }).int(mapsNl.classCount).min(2, mapsNl.classCount).max(7, mapsNl.classCount).default(5),
  })
  .refine((b) => !!b.area_column_key !== !!b.area_category_id, { message: mapsNl.areaQuestionRequired, path: ['area_column_key'] });
export type ChartMapInput = z.infer<typeof ChartMapInput>;
