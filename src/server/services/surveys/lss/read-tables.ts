import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { AppError } from '../../../errors';
import { surveysNl } from '../../../../shared/i18n/surveys';

export type Row = Record<string, string>;
export type Tables = Record<string, Row[]>;

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  // jPath strings (the default) so the row paths can be matched.
  isArray: (name, path) => {
    const p = String(path);
    return p.endsWith('.rows.row') || p === 'document.languages.language' || name === 'fieldname';
  },
});

/**
 * A LimeSurvey XML export (.lss, .lsr, .lst) as plain tables: every `<table><rows><row>` becomes
 * a list of string records read by tag name; `<col/>` is '', an absent element is left out.
 */
export function readLimeSurveyXml(xml: string, expectedDocType: 'Survey' | 'Responses' | 'Tokens') {
  if (!xml.trimStart().startsWith('<')) throw new AppError('VALIDATION', surveysNl.import.notXml);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new AppError('VALIDATION', surveysNl.import.brokenXml(valid.err.line, valid.err.msg));
  const doc = parser.parse(xml) as { document?: Record<string, unknown> };
  const root = doc.document;
  if (!root || typeof root !== 'object') throw new AppError('VALIDATION', surveysNl.import.noDocument);
  const docType = text(root.LimeSurveyDocType);
  if (docType !== expectedDocType) throw new AppError('VALIDATION', surveysNl.import.wrongDocType(docType || '(leeg)', expectedDocType));
  const tables: Tables = {};
  for (const [name, value] of Object.entries(root)) {
    const rows = (value as { rows?: { row?: unknown[] } } | undefined)?.rows?.row;
    if (Array.isArray(rows)) tables[name] = rows.map(toRow);
  }
  const languagesNode = (root.languages as { language?: unknown[] } | undefined)?.language ?? [];
  return {
    dbVersion: Number(text(root.DBVersion)) || 0,
    languages: languagesNode.map(text).map((l) => l.trim()).filter(Boolean),
    tables,
  };
}

function toRow(raw: unknown): Row {
  const row: Row = {};
  if (!raw || typeof raw !== 'object') return row;
  for (const [key, value] of Object.entries(raw)) row[key] = text(value);
  return row;
}

/** Element text: CDATA and plain text arrive as strings; `<x/>` as ''; stray markup is kept as its text. */
function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(text).join('');
  if (typeof value === 'object') {
    const inner = (value as Record<string, unknown>)['#text'];
    return inner === undefined ? '' : text(inner);
  }
  return '';
}
