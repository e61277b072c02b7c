import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFStream, PDFString, decodePDFRawStream, type PDFObject } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { PdfReport } from '../../src/server/pdf/model';
import { renderReportPdf } from '../../src/server/pdf/document';
import { toPdfText } from '../../src/server/pdf/text';

/** Runs a poppler tool (pdffonts, pdfinfo, pdftotext; installed by .ci/run) on the bytes. */
function poppler(bytes: Uint8Array, tool: string, ...args: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'impulz-pdf-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), bytes);
    return execFileSync(tool, [...args, join(dir, 'r.pdf'), ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const colors = ['#1f4e79', '#f28c28', '#5b9bd5'];
const report: PdfReport = {
  title: 'Burgerpeiling Zuiderhaven – één test',
  project: 'Project Zuiderhaven',
  company: 'Gemeente Zuiderhaven',
  period: '1 januari 2026 tot en met 31 december 2026', responses: 'Alleen volledig ingevulde vragenlijsten',
  generatedOn: '22 november 2026',
  minN: 10,
  benchmarks: [
    { label: 'A', description: 'Alle respondenten' },
    { label: 'B', description: 'Leeftijd: 18 t/m 34 jaar' },
  ],
  theme: { primary: '#1f4e79', accent: '#f28c28', dark: false, font: 'Helvetica' },
  sections: [
    {
      title: 'Wonen in de buurt',
      blocks: [
        { kind: 'text', text: 'Inleiding met ĳ en emoji 🙂 en ≥ teken.' },
        { kind: 'chart', chart: { type: 'bars', orientation: 'horizontal', title: 'Problemen', categories: ['Afval', 'Verkeer'], unit: '%', decimals: 1, colors, series: [{ label: 'A', suppressed: false, values: [41.25, 12.5], n: 812 }, { label: 'B', suppressed: true, values: [], n: null }] } },
        { kind: 'chart', chart: { type: 'bars', orientation: 'vertical', title: 'Kanalen', categories: ['Balie', 'Website', 'Telefoon'], unit: '%', decimals: 0, colors, patterns: ['diagonal', 'dots'], series: [{ label: 'A', suppressed: false, values: [10, 60, 30], n: 500 }, { label: 'C', suppressed: false, values: [20, 50, 30], n: 300 }] } },
        { kind: 'chart', chart: { type: 'stacked', title: 'Tevredenheid', full: true, unit: '%', decimals: 0, colors, patterns: ['horizontal', 'cross', 'diagonal-reverse'], segments: ['Oneens', 'Neutraal', 'Eens'], rows: [{ label: 'Veiligheid · A', suppressed: false, values: [20, 30, 50], n: 700 }, { label: 'Groen · A', suppressed: false, values: [25, 25, 50], n: 690 }, { label: 'Veiligheid · B', suppressed: true, values: [], n: null }] } },
      ],
    },
    {
      title: 'Gemeente en dienstverlening',
      blocks: [
        { kind: 'chart', chart: { type: 'pie', donut: true, title: 'Verdeling', categories: ['Ja', 'Nee'], decimals: 0, colors, series: [{ label: 'A', suppressed: false, values: [70, 30], n: 100 }] } },
        { kind: 'chart', chart: { type: 'lines', area: true, title: 'Door de tijd', periods: ['jan 2026', 'feb 2026', 'mrt 2026'], unit: '%', decimals: 0, colors, series: [{ label: 'A', suppressed: false, values: [50, null, 55], n: 300 }] } },
        { kind: 'chart', chart: { type: 'table', title: 'Tabel', columns: ['A', 'B'], colors, rows: [{ label: 'Ja', cells: ['70%', null] }] } },
        { kind: 'chart', chart: { type: 'kpi', title: 'Rapportcijfer', colors, items: [{ label: 'A', value: '7,4', n: 900 }, { label: 'B', value: null, n: null }] } },
      ],
    },
  ],
};

async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe('PDF document', () => {
  it('draws cover, sections, every chart kind, suppressed notes and page numbers', async () => {
    const bytes = await renderReportPdf(report);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = await textOf(bytes);
    expect(text).toContain('Burgerpeiling Zuiderhaven');
    expect(text).toContain('één test');
    expect(text).toContain('Wonen in de buurt');
    expect(text).toContain('Gemeente en dienstverlening');
    expect(text).toContain('Leeftijd: 18 t/m 34 jaar');
    expect(text).toContain('41,3%');
    expect(text).toContain('7,4');
    expect(text).toContain('Te weinig respondenten (minder dan 10)');
    expect(text).toMatch(/Pagina 2 van \d/);
    // Lays out the whole report with pdf-lib, then reads it back with pdf.js: ~0.8 s quiet, several
    // seconds on a busy 2-core machine, so not the default 5 s.
  }, 30_000);

  it('cell-key mode: the table gets the note under it, n reads ca. (issue 32)', async () => {
    const approx: PdfReport = {
      ...report,
      protectionNotice: 'Aantallen zijn licht afgerond om privacy te beschermen; totalen kunnen iets afwijken',
      sections: [
        {
          title: 'Licht afgerond',
          blocks: [
            { kind: 'chart', chart: { type: 'table', title: 'Tabel', columns: ['A (n=ca. 812)'], colors, approximate: true, rows: [{ label: 'Ja', cells: ['70% (ca. 568)'] }] } },
            { kind: 'chart', chart: { type: 'kpi', title: 'Rapportcijfer', colors, approximate: true, items: [{ label: 'A', value: '7,4', n: 900 }] } },
            { kind: 'chart', chart: { type: 'bars', orientation: 'horizontal', title: 'Problemen', categories: ['Afval'], unit: '%', decimals: 0, colors, approximate: true, series: [{ label: 'A', suppressed: false, values: [41], n: 812 }] } },
          ],
        },
      ],
    };
    const text = (await textOf(await renderReportPdf(approx))).replace(/\s+/g, ' ');
    expect(text).toContain('70% (ca. 568)');
    expect(text).toContain('Aantallen zijn licht afgerond om privacy te beschermen; totalen kunnen iets afwijken.');
    expect(text).toContain('n = ca. 900');
    expect(text).toContain('A: n = ca. 812');
    expect(text).not.toMatch(/n = \d/);
  }, 30_000);

  it('writes the test report for a visual check when PDF_OUT is set', async () => {
    if (process.env.PDF_OUT) (await import('node:fs')).writeFileSync(process.env.PDF_OUT, await renderReportPdf(report));
  });

  it('embeds every font, sets language and title, and is tagged: one Figure per chart with its alternative text (issue 35 item 8)', async () => {
    // The first chart carries its words (as build-report-pdf gives every chart chartAlt's text); the others fall back to their title.
    const alt = 'Problemen. A: Afval 41,3%, Verkeer 12,5%. B: te weinig respondenten.';
    const sections = report.sections.map((s, i) => (i ? s : { ...s, blocks: s.blocks.map((b, j) => (j === 1 ? { ...b, chart: { ...b.chart!, alt } } : b)) }));
    const named: PdfReport = { ...report, sections, title: 'Rapport van Łukasz Doğan: −3 punten, ≤ 5 of ≥ 7', benchmarks: [{ label: 'Noord + Vrouw', description: 'Wijk: Noord; Geslacht: Vrouw' }] };
    const bytes = await renderReportPdf(named);
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const { context, catalog } = doc;
    const lookup = (o: PDFObject | undefined): PDFObject | undefined => (o instanceof PDFRef ? context.lookup(o) : o);
    const dict = (o: PDFObject | undefined) => lookup(o) as PDFDict;
    const name = (d: PDFDict, key: string) => (lookup(d.get(PDFName.of(key))) as PDFName | undefined)?.asString();

    // Every font is embedded: each font's descriptor carries its font file, nothing is left to the viewer.
    const fonts = context.enumerateIndirectObjects().map(([, o]) => o).filter((o): o is PDFDict => o instanceof PDFDict && name(o, 'Type') === '/Font' && name(o, 'Subtype') !== '/Type0');
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const font of fonts) {
      const descriptor = dict(font.get(PDFName.of('FontDescriptor')));
      expect(['FontFile', 'FontFile2', 'FontFile3'].some((k) => lookup(descriptor.get(PDFName.of(k))) instanceof PDFStream), name(font, 'BaseFont')).toBe(true);
    }
    expect(name(fonts[0]!, 'BaseFont')).toMatch(/^\/[A-Z]{6}\+NotoSans-/);

    // Language, title shown in the window, marked.
    expect(lookup(catalog.get(PDFName.of('Lang')))?.toString()).toBe('(nl-NL)');
    expect(doc.getTitle()).toBe('Rapport van Łukasz Doğan: −3 punten, ≤ 5 of ≥ 7');
    expect(dict(catalog.get(PDFName.of('ViewerPreferences'))).get(PDFName.of('DisplayDocTitle'))?.toString()).toBe('true');
    expect(dict(catalog.get(PDFName.of('MarkInfo'))).get(PDFName.of('Marked'))?.toString()).toBe('true');

    // The structure tree: headings, paragraphs, one Figure per drawn chart (bars, columns, stacked,
    // pie, lines, kpi) with its alternative text, the table as Table > TR > TH/TD.
    const roles: string[] = [];
    const nesting = new Set<string>();
    const alts: (string | undefined)[] = [];
    const walk = (o: PDFObject | undefined, parent = '') => {
      const node = lookup(o);
      if (node instanceof PDFArray) return node.asArray().forEach((kid) => walk(kid, parent));
      if (!(node instanceof PDFDict) || name(node, 'Type') === '/MCR') return;
      const role = name(node, 'S');
      if (role) {
        roles.push(role);
        nesting.add(`${parent}>${role}`);
        if (role === '/Figure') alts.push((lookup(node.get(PDFName.of('Alt'))) as { decodeText?: () => string } | undefined)?.decodeText?.());
      }
      walk(node.get(PDFName.of('K')), role ?? parent);
    };
    const root = dict(catalog.get(PDFName.of('StructTreeRoot')));
    expect(name(root, 'Type')).toBe('/StructTreeRoot');
    expect(lookup(root.get(PDFName.of('ParentTree')))).toBeInstanceOf(PDFDict);
    walk(root.get(PDFName.of('K')));
    const charts = named.sections.flatMap((s) => s.blocks).filter((b) => b.chart && b.chart.type !== 'table' && b.chart.type !== 'message');
    expect(roles.filter((r) => r === '/Figure')).toHaveLength(charts.length);
    expect(alts.every((a) => !!a)).toBe(true);
    expect(alts).toEqual(charts.map((b, i) => (i ? b.chart!.title : alt)));
    expect(roles).toContain('/H1');
    expect(roles.filter((r) => r === '/H2')).toHaveLength(named.sections.length);
    expect(roles.filter((r) => r === '/H3')).toHaveLength(charts.length + 1);
    expect(roles).toEqual(expect.arrayContaining(['/Document', '/P', '/Table', '/TR', '/TH', '/TD']));
    // Table > TR > TH/TD, nothing else holding rows or cells.
    expect([...nesting].filter((n) => /\/(TR|TH|TD)$/.test(n)).sort()).toEqual(['/TR>/TD', '/TR>/TH', '/Table>/TR']);
    for (const page of doc.getPages()) expect(page.node.get(PDFName.of('StructParents'))).toBeDefined();

    // 'Ł', 'ğ' and '−' are drawn from the embedded text font, '≤' and '≥' from the embedded signs font
    // (text extraction reads them back through the ToUnicode maps), in pdf.js and in poppler.
    const text = (await textOf(bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('Rapport van Łukasz Doğan: −3 punten, ≤ 5 of ≥ 7');
    expect(text).toContain('Noord + Vrouw');
    expect(poppler(bytes, 'pdftotext', '-enc', 'UTF-8').replace(/\s+/g, ' ')).toContain('Rapport van Łukasz Doğan: −3 punten, ≤ 5 of ≥ 7');
    // In the section text and in a chart's labels too (a run of signs between runs of text, in one line).
    expect(poppler(bytes, 'pdftotext', '-enc', 'UTF-8', '-f', '2', '-l', '2')).toContain('Inleiding met ĳ en emoji ? en ≥ teken.');
    expect(poppler(bytes, 'pdffonts')).toMatch(/IMPZSG\+NotoSansMath-Regular +CID TrueType +Identity-H +yes yes yes/);
  }, 30_000);

  it('PDF/A-2: XMP metadata agreeing with the Info dictionary, the sRGB OutputIntent, a file identifier, fonts with Unicode maps, nothing PDF/A forbids', async () => {
    const createdAt = new Date('2026-11-22T09:30:15.250Z');
    const bytes = await renderReportPdf({ ...report, title: 'Rapport <Łukasz> & Doğan', createdAt });
    // The header's comment line of bytes above 127 (ISO 19005-2 §6.1.2).
    expect([...bytes.slice(0, 15)].slice(9, 14)).toEqual([0x25, 0x81, 0x81, 0x81, 0x81]);
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const { context, catalog } = doc;
    const lookup = (o: PDFObject | undefined): PDFObject | undefined => (o instanceof PDFRef ? context.lookup(o) : o);
    const get = (d: PDFDict, key: string) => lookup(d.get(PDFName.of(key)));
    const text = (o: PDFObject | undefined) => (o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : o?.toString());

    // XMP: a metadata stream, unfiltered, well-formed XML, with the PDF/A identification.
    const metadata = get(catalog, 'Metadata') as PDFRawStream;
    expect(metadata).toBeInstanceOf(PDFRawStream);
    expect(get(metadata.dict, 'Type')?.toString()).toBe('/Metadata');
    expect(get(metadata.dict, 'Subtype')?.toString()).toBe('/XML');
    expect(get(metadata.dict, 'Filter')).toBeUndefined();
    const packet = new TextDecoder('utf-8', { fatal: true }).decode(metadata.contents);
    expect(XMLValidator.validate(packet)).toBe(true);
    const xmp = new XMLParser({ ignoreAttributes: false, ignoreDeclaration: true, ignorePiTags: true }).parse(packet);
    const d = xmp['x:xmpmeta']['rdf:RDF']['rdf:Description'];
    expect(d['pdfaid:part']).toBe(2);
    expect(d['pdfaid:conformance']).toBe('U');
    // Info and XMP say the same (§6.6.3): title, subject, creator, producer, dates; the language is the catalog's /Lang.
    const info = context.lookup(context.trailerInfo.Info) as PDFDict;
    expect(d['dc:title']['rdf:Alt']['rdf:li']['#text']).toBe(text(get(info, 'Title')));
    expect(text(get(info, 'Title'))).toBe('Rapport <Łukasz> & Doğan');
    expect(d['dc:description']['rdf:Alt']['rdf:li']['#text']).toBe(text(get(info, 'Subject')));
    expect(d['xmp:CreatorTool']).toBe(text(get(info, 'Creator')));
    expect(d['pdf:Producer']).toBe(text(get(info, 'Producer')));
    expect(text(get(info, 'CreationDate'))).toBe('D:20261122093015Z');
    expect(text(get(info, 'ModDate'))).toBe('D:20261122093015Z');
    expect(d['xmp:CreateDate']).toBe('2026-11-22T09:30:15Z');
    expect(d['xmp:ModifyDate']).toBe('2026-11-22T09:30:15Z');
    expect(d['dc:language']['rdf:Bag']['rdf:li']).toBe('nl-NL');
    expect(get(catalog, 'Lang')?.toString()).toBe('(nl-NL)');
    const popplerInfo = poppler(bytes, 'pdfinfo');
    expect(popplerInfo).toMatch(/Metadata Stream: yes/);
    expect(popplerInfo).toMatch(/Tagged: +yes/);

    // The OutputIntent: GTS_PDFA1 with an embedded RGB ICC profile (the colours are DeviceRGB).
    const intents = get(catalog, 'OutputIntents') as PDFArray;
    expect(intents.size()).toBe(1);
    const intent = lookup(intents.get(0)) as PDFDict;
    expect(get(intent, 'S')?.toString()).toBe('/GTS_PDFA1');
    expect(text(get(intent, 'OutputConditionIdentifier'))).toBe('sRGB IEC61966-2.1');
    const profile = get(intent, 'DestOutputProfile') as PDFRawStream;
    expect(get(profile.dict, 'N')?.toString()).toBe('3');
    const icc = decodePDFRawStream(profile).decode();
    const ascii = (from: number, to: number) => String.fromCharCode(...icc.slice(from, to));
    expect(new DataView(icc.buffer, icc.byteOffset).getUint32(0)).toBe(icc.length);
    expect([ascii(36, 40), ascii(12, 16), ascii(16, 20)]).toEqual(['acsp', 'mntr', 'RGB ']);

    // The file identifier: two 16-byte strings in the trailer.
    const id = context.trailerInfo.ID as PDFArray;
    expect(id.size()).toBe(2);
    for (const part of id.asArray()) expect((part as PDFHexString).asBytes()).toHaveLength(16);

    // Every font embedded, subset, with a ToUnicode map (level U: all text maps to Unicode).
    const fonts = poppler(bytes, 'pdffonts').split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const row of fonts) expect(row, row).toMatch(/^IMPZ(RG|BD|SG)\+NotoSans(Math)?-\S+ +CID TrueType +Identity-H +yes yes yes /);
    const objects = context.enumerateIndirectObjects().map(([, o]) => o);
    // Every dictionary of the file, direct ones (a page's ExtGState) included.
    const dicts: PDFDict[] = [];
    const collect = (o: PDFObject | undefined): void => {
      const dict = o instanceof PDFStream ? o.dict : o;
      if (dict instanceof PDFDict) {
        dicts.push(dict);
        for (const [, value] of dict.entries()) collect(value);
      } else if (dict instanceof PDFArray) dict.asArray().forEach(collect);
    };
    objects.forEach(collect);
    expect(dicts.filter((o) => get(o, 'Type')?.toString() === '/ExtGState' || o.has(PDFName.of('ca'))).length).toBeGreaterThan(0);
    for (const font of dicts.filter((o) => get(o, 'Type')?.toString() === '/Font' && get(o, 'Subtype')?.toString() === '/Type0')) expect(get(font, 'ToUnicode')).toBeInstanceOf(PDFStream);

    // Nothing PDF/A-2 forbids: no encryption, JavaScript, actions, embedded files, optional content,
    // forms, annotations, LZW; transparency only as constant alpha with the Normal blend mode.
    expect(context.trailerInfo.Encrypt).toBeUndefined();
    for (const key of ['AA', 'OpenAction', 'AcroForm', 'OCProperties', 'Names']) expect(get(catalog, key), key).toBeUndefined();
    for (const page of doc.getPages()) {
      expect((lookup(page.node.get(PDFName.of('Annots'))) as PDFArray | undefined)?.size() ?? 0).toBe(0);
      expect(page.node.get(PDFName.of('AA'))).toBeUndefined();
    }
    for (const dict of dicts) {
      for (const key of ['JS', 'JavaScript', 'EmbeddedFile', 'SMask', 'TR', 'TR2']) expect(dict.has(PDFName.of(key)), key).toBe(false);
      const filter = get(dict, 'Filter')?.toString();
      if (filter) expect(filter).toBe('/FlateDecode');
      if (get(dict, 'Type')?.toString() === '/ExtGState') {
        const bm = get(dict, 'BM')?.toString();
        if (bm) expect(bm).toBe('/Normal');
      }
    }
  }, 30_000);

  it('keeps every European letter and the signs the fonts hold; replaces what they do not', () => {
    expect(toPdfText('één café ĳ ≥ ≤ ≠ → 🙂 € Łódź Doğan −3 \u00a0x')).toBe('één café ĳ ≥ ≤ ≠ → ? € Łódź Doğan −3  x');
    // Without the signs font (a text font of its own, as in a report that holds no sign).
    expect(toPdfText('≥ ≤ → ≈', false)).toBe('>= <= -> ~');
  });

  it('embeds the signs font only for a report that holds a sign', async () => {
    const plain: PdfReport = { ...report, sections: [{ title: 'Zonder tekens', blocks: [{ kind: 'text', text: 'Gewoon − tekst' }] }] };
    const fonts = poppler(await renderReportPdf(plain), 'pdffonts');
    expect(fonts).toContain('NotoSans-Regular');
    expect(fonts).not.toContain('NotoSansMath');
    const signed: PdfReport = { ...plain, sections: [{ title: 'Met tekens', blocks: [{ kind: 'chart', chart: { type: 'bars', orientation: 'horizontal', title: 'Leeftijd', categories: ['≤ 34 jaar', '≥ 65 jaar'], unit: '%', decimals: 0, colors, series: [{ label: 'Alle respondenten', suppressed: false, values: [40, 60], n: 100 }] } }] }] };
    const bytes = await renderReportPdf(signed);
    expect(poppler(bytes, 'pdffonts')).toContain('IMPZSG+NotoSansMath-Regular');
    const text = poppler(bytes, 'pdftotext', '-enc', 'UTF-8', '-f', '2', '-l', '2');
    expect(text).toContain('≤ 34 jaar');
    expect(text).toContain('≥ 65 jaar');
  }, 30_000);

  it('draws the signs of bold text emboldened (the signs font has one weight), those of regular text plain', async () => {
    const streams = async (r: PdfReport) => {
      const doc = await PDFDocument.load(await renderReportPdf(r));
      return doc.context
        .enumerateIndirectObjects()
        .map(([, o]) => o)
        .filter((o): o is PDFRawStream => o instanceof PDFRawStream && !o.dict.get(PDFName.of('Subtype')))
        .map((o) => new TextDecoder('latin1').decode(decodePDFRawStream(o).decode()))
        .join('\n');
    };
    // Bold title and section heading with a sign: fill and outline (2 Tr) with a line width, in a saved state.
    const bold = await streams({ ...report, title: 'Inwoners ≥ 65 jaar', sections: [{ title: 'Groep ≤ 34', blocks: [{ kind: 'text', text: 'Gewoon' }] }] });
    expect(bold.match(/\b2 Tr\b/g)?.length).toBe(2);
    // Regular text with a sign: no outline.
    const regular = await streams({ ...report, sections: [{ title: 'Zonder', blocks: [{ kind: 'text', text: 'Leeftijd ≥ 65 jaar' }] }] });
    expect(regular).toMatch(/Tj|TJ/);
    expect(regular).not.toMatch(/\b2 Tr\b/);
  }, 30_000);
});
