import type { UserServiceContext } from '../../context';
import { companyMaps } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { MultipartError, readMultipart } from '../../http/multipart-stream';
import { validate } from '../../http/body';
import { GeometryError, GeometryReader } from '../../maps/read-geometry';
import { simplifyAreas } from '../../maps/simplify-areas';
import { mapsNl } from '../../../shared/i18n/maps';
import type { MapSummary } from '../../../shared/maps';
import { MAX_MAP_BYTES, MapUploadFields } from '../../../shared/validation/maps';
import { findMapsCompany, presentMap } from './access';

export interface MapUpload {
  body: ReadableStream<Uint8Array> | null;
  boundary: string | null;
}

const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: [message] });

/** A part's chunks to `write` as they arrive; more than `max` bytes is a 413 (the portal's upload rule), read no further. */
async function readPart(content: AsyncIterable<Uint8Array>, max: number, write: (chunk: Uint8Array) => void): Promise<number> {
  let bytes = 0;
  for await (const chunk of content) {
    bytes += chunk.byteLength;
    if (bytes > max) throw new AppError('TOO_LARGE', nl.tooLarge);
    write(chunk);
  }
  return bytes;
}

/** A form field's text (413 above `max` bytes). */
async function readText(content: AsyncIterable<Uint8Array>, max: number): Promise<string> {
  const decoder = new TextDecoder();
  const pieces: string[] = [];
  await readPart(content, max, (chunk) => pieces.push(decoder.decode(chunk, { stream: true })));
  pieces.push(decoder.decode());
  return pieces.join('');
}

/**
 * POST company/{id}/map (company.edit; multipart `file`, `name`, `code_property`,
 * `name_property`): the body is read part by part as it arrives (a file over 20 MB stops at
 * 20 MB: 413) and the file is parsed as it streams in (GeometryReader: coordinates straight into
 * typed arrays, only the code and name kept when those fields came first, as the form sends
 * them); the boundaries are reprojected to WGS84, checked, simplified for the web and stored as
 * one topology. Refusals are Dutch 422s on the field concerned.
 */
export async function createMap(ctx: UserServiceContext, companyId: number, upload: MapUpload): Promise<MapSummary> {
  await findMapsCompany(ctx, companyId, true);
  if (!upload.body || !upload.boundary) throw invalid('file', mapsNl.fileRequired);
  const fields: Record<string, string> = {};
  let reader: GeometryReader | null = null;
  let fileBytes = 0;
  try {
    for await (const part of readMultipart(upload.body, upload.boundary)) {
      if (part.name === 'file' && part.filename !== null) {
        const known = fields.code_property?.trim() && fields.name_property?.trim() ? { code: fields.code_property.trim(), name: fields.name_property.trim() } : null;
        const fileReader = (reader = new GeometryReader(known));
        fileBytes = await readPart(part.content, MAX_MAP_BYTES, (chunk) => fileReader.write(chunk));
      }
      else if (part.filename === null && ['name', 'code_property', 'name_property'].includes(part.name)) fields[part.name] = await readText(part.content, 1024);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof MultipartError || error instanceof TypeError) throw new AppError('BAD_REQUEST', nl.badRequest);
    throw error;
  }
  const input = validate(MapUploadFields, fields);
  if (!reader || !fileBytes) throw invalid('file', mapsNl.fileRequired);
  let stored;
  try {
    stored = simplifyAreas(reader.finish(input.code_property, input.name_property));
  } catch (error) {
    if (error instanceof GeometryError) throw invalid(error.field, error.message);
    throw error;
  }
  const [row] = await ctx.db
    .insert(companyMaps)
    .values({ companyId, name: input.name, codeProperty: input.code_property, nameProperty: input.name_property, areaCount: stored.areas.length, bbox: stored.bbox, areas: stored.areas, topology: stored.topology, createdAt: ctx.now, updatedAt: ctx.now })
    .returning();
  return presentMap(row!);
}
