import { Parser } from 'htmlparser2';

/** One response of an .lsr: the value per field in <fields> order; null = element absent (NULL). */
export type LsrRecord = (string | null)[];

/**
 * Streaming reader of LimeSurvey's XML exports with one data table (.lsr responses, .lst tokens):
 * `<document><LimeSurveyDocType>…<{table}><fields><fieldname>…</fields><rows><row>…`. Fed text
 * chunks, it calls `onFields` once with the real column names and `onRow` per `<row>`; memory
 * holds one row. Row elements of names starting with a digit carry a `_` prefix (XML names can't
 * start with one); an absent element is NULL and `<x/>` the empty string, as LimeSurvey writes them.
 */
export class LimeSurveyXmlReader {
  docType = '';
  fields: string[] | null = null;
  /** True once `</fields>` was read. */
  fieldsComplete = false;
  rows = 0;
  private readonly parser: Parser;
  private readonly stack: string[] = [];
  private text = '';
  private index = new Map<string, number>();
  private row: LsrRecord | null = null;
  private cell = -1;
  private pending: LsrRecord[] = [];

  constructor(private readonly table: 'responses' | 'tokens', private readonly onFields?: (fields: string[]) => void) {
    this.parser = new Parser(
      {
        onopentagname: (name) => {
          this.stack.push(name);
          this.text = '';
          const depth = this.stack.length;
          if (depth === 4 && name === 'row' && this.stack[1] === this.table && this.fieldsComplete) this.row = new Array(this.fields?.length ?? 0).fill(null);
          else if (depth === 5 && this.row) this.cell = this.index.get(name) ?? -1;
        },
        ontext: (data) => {
          this.text += data;
        },
        onclosetag: (name) => {
          const depth = this.stack.length;
          const parent = this.stack[1];
          if (depth === 2 && name === 'LimeSurveyDocType') this.docType = this.text.trim();
          else if (depth === 4 && name === 'fieldname' && parent === this.table) (this.fields ??= []).push(this.text.trim());
          else if (depth === 3 && name === 'fields' && parent === this.table) this.setFields(this.fields ?? []);
          else if (depth === 5 && this.row) {
            if (this.cell >= 0) this.row[this.cell] = this.text;
            this.cell = -1;
          } else if (depth === 4 && name === 'row' && this.row) {
            this.pending.push(this.row);
            this.rows++;
            this.row = null;
          }
          this.stack.pop();
          this.text = '';
        },
      },
      { xmlMode: true, decodeEntities: true },
    );
  }

  private setFields(fields: string[]) {
    this.fields = fields;
    this.fieldsComplete = true;
    this.index = new Map();
    fields.forEach((f, i) => {
      this.index.set(f, i);
      this.index.set(`_${f}`, i);
    });
    this.onFields?.(fields);
  }

  /** Feeds a chunk; returns the rows completed by it. */
  feed(chunk: string): LsrRecord[] {
    this.parser.write(chunk);
    const out = this.pending;
    this.pending = [];
    return out;
  }

  end(): LsrRecord[] {
    this.parser.end();
    const out = this.pending;
    this.pending = [];
    return out;
  }
}

/** The field names of an .lsr/.lst from the start of the file (null when `</fields>` isn't in it yet). */
export function sniffLimeSurveyXml(prefix: string, table: 'responses' | 'tokens'): { docType: string; fields: string[] | null } {
  const reader = new LimeSurveyXmlReader(table);
  reader.feed(prefix);
  return { docType: reader.docType, fields: reader.fieldsComplete ? reader.fields : null };
}

export const looksLikeXml = (prefix: string) => /^\uFEFF?\s*<(\?xml|document)/.test(prefix);
