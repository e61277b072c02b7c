import { describe, expect, it } from 'vitest';
import { buildFormModel } from '../../src/server/services/participate/form-model';
import { checkUploads, uploadLimits } from '../../src/server/services/participate/upload-files';
import type { ParsedSurvey } from '../../src/server/services/surveys/lss/parse-lss';
import { participateNl } from '../../src/shared/i18n/participate';
import { structureOf } from '../helpers/parsed-structure';

const v = participateNl.validation;
const question = (attributes: Record<string, string>) => {
  const parsed = {
    sid: 1, baseLanguage: 'nl', languages: ['nl'], answers: [],
    groups: [{ gid: '1', sortOrder: 0, relevance: '', randomizationGroup: '', names: { nl: 'G' }, descriptions: {} }],
    questions: [{ qid: '1', parentQid: null, gid: '1', type: '|', code: 'bijlage', scaleId: 0, sortOrder: 0, mandatory: 'N', other: false, relevance: '1', validation: '', theme: '', texts: { nl: 'Bijlage' }, helps: {}, attributes }],
  } as unknown as ParsedSurvey;
  const model = buildFormModel(1, structureOf(parsed), { lsSid: 1, baseLanguage: 'nl', languages: ['nl'], attributeNames: [] });
  return [...model.questions.values()][0]!;
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
const file = (bytes: Uint8Array<ArrayBuffer>, name: string) => new File([bytes], name);

describe('file questions (|): the question’s limits, content sniffed before anything is stored', () => {
  const q = question({ allowed_filetypes: 'png, pdf', max_filesize: '1', max_num_of_files: '2' });

  it('reads LimeSurvey’s attributes, with its defaults', () => {
    expect(uploadLimits(q)).toEqual({ maxFiles: 2, minFiles: 0, maxKb: 1, types: ['png', 'pdf'] });
    expect(uploadLimits(question({}))).toEqual({ maxFiles: 1, minFiles: 0, maxKb: 10240, types: ['png', 'gif', 'doc', 'odt'] });
  });

  it('stores a PNG and a PDF under random names with LimeSurvey’s metadata and sniffed content types', async () => {
    const checked = await checkUploads(q, [], [file(PNG, 'foto.png'), file(PDF, 'brief.PDF')], false);
    expect(checked.error).toBeNull();
    expect(checked.files.map((f) => [f.name, f.ext])).toEqual([['foto.png', 'png'], ['brief.PDF', 'pdf']]);
    expect(checked.files.every((f) => /^fu_[0-9a-f]{32}$/.test(f.filename))).toBe(true);
    expect(checked.add.map((a) => a.type)).toEqual(['image/png', 'application/pdf']);
  });

  it('refuses a type the question does not allow, a file over its size, a disguised file and one file too many, in Dutch', async () => {
    expect((await checkUploads(q, [], [file(PNG, 'foto.gif')], false)).error).toBe(v.fileType('foto.gif', 'png, pdf'));
    expect((await checkUploads(q, [], [file(new Uint8Array(1025).fill(0x41), 'groot.pdf')], false)).error).toBe(v.fileSize('groot.pdf', 1));
    const disguised = await checkUploads(q, [], [file(new TextEncoder().encode('<script>alert(1)</script>'), 'foto.png')], false);
    expect(disguised).toEqual({ error: v.fileContent('foto.png'), files: [], add: [] });
    const kept = (await checkUploads(q, [], [file(PNG, 'a.png'), file(PNG, 'b.png')], false)).files;
    const third = await checkUploads(q, kept, [file(PDF, 'c.pdf')], false);
    expect(third.error).toBe(v.fileCount(2));
    expect(third.files).toEqual(kept);
    expect(third.add).toEqual([]);
    // Removing what was kept makes room again.
    expect((await checkUploads(q, kept, [file(PDF, 'c.pdf')], true)).files.map((f) => f.name)).toEqual(['c.pdf']);
  });
});
