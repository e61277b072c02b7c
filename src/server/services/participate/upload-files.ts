import type { FileStore } from '../../files/store';
import { CONTENT_TYPES, contentMatches, extensionOf, sniffKind } from '../../files/sniff';
import { participateNl } from '../../../shared/i18n/participate';
import { questionAttribute as attr, type FormQuestion } from './form-model';

const t = participateNl.validation;

/** LimeSurvey's metadata of one uploaded file, stored as a JSON list under the question's key. */
export interface FileMeta { title: string; comment: string; size: number; name: string; filename: string; ext: string }

export interface UploadLimits { maxFiles: number; minFiles: number; maxKb: number; types: string[] }

export function uploadLimits(q: FormQuestion): UploadLimits {
  const n = (name: string, fallback: number) => {
    const v = Number(attr(q, name));
    return Number.isFinite(v) && attr(q, name).trim() !== '' ? v : fallback;
  };
  const types = (attr(q, 'allowed_filetypes') || 'png, gif, doc, odt').split(/[\s,;]+/).map((x) => x.replace(/^\./, '').toLowerCase()).filter(Boolean);
  return { maxFiles: Math.max(1, n('max_num_of_files', 1)), minFiles: Math.max(0, n('min_num_of_files', 0)), maxKb: Math.max(1, n('max_filesize', 10240)), types };
}

export function storedFiles(value: string | undefined): FileMeta[] {
  if (!value) return [];
  try {
    const list = JSON.parse(value) as unknown;
    return Array.isArray(list) ? (list as FileMeta[]) : [];
  } catch {
    return [];
  }
}

/** R2 key of a respondent's file (LimeSurvey keeps them per survey under a random name). */
export const uploadKey = (surveyId: number, filename: string) => `surveys/${surveyId}/uploads/${filename}`;

export interface CheckedUpload { error: string | null; files: FileMeta[]; add: { file: File; meta: FileMeta; type: string }[] }

/**
 * The question's new file list from what was kept and what was sent: count, size, extension and
 * content (sniffed: a .png must be a PNG) are checked before anything is stored.
 */
export async function checkUploads(q: FormQuestion, existing: FileMeta[], sent: File[], removeExisting: boolean): Promise<CheckedUpload> {
  const limits = uploadLimits(q);
  const kept = removeExisting ? [] : existing;
  const add: CheckedUpload['add'] = [];
  for (const file of sent.filter((f) => f.size > 0 && f.name)) {
    const name = file.name.replace(/[\\/]/g, '_').slice(0, 200);
    const ext = extensionOf(name);
    if (!limits.types.includes(ext)) return { error: t.fileType(name, limits.types.join(', ')), files: existing, add: [] };
    if (file.size > limits.maxKb * 1024) return { error: t.fileSize(name, limits.maxKb), files: existing, add: [] };
    const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
    if (!contentMatches(name, head)) return { error: t.fileContent(name), files: existing, add: [] };
    const filename = `fu_${crypto.randomUUID().replace(/-/g, '')}`;
    add.push({ file, type: CONTENT_TYPES[sniffKind(head)!], meta: { title: '', comment: '', size: Math.round((file.size / 1024) * 1000) / 1000, name, filename, ext } });
  }
  const files = [...kept, ...add.map((a) => a.meta)];
  if (files.length > limits.maxFiles) return { error: t.fileCount(limits.maxFiles), files: existing, add: [] };
  if (files.length && files.length < limits.minFiles) return { error: t.fileMin(limits.minFiles), files: existing, add: [] };
  return { error: null, files, add };
}

export async function storeUploads(store: FileStore, surveyId: number, add: CheckedUpload['add']): Promise<void> {
  for (const a of add) await store.put(uploadKey(surveyId, a.meta.filename), a.file.stream(), a.type);
}
