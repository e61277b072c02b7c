/**
 * Incremental RFC 4180 parser: feed it text chunks, it returns the complete records so far and
 * keeps only the unfinished one, so memory stays flat however large the file. Quoted fields may
 * hold separators, doubled quotes and newlines; CRLF, LF and CR line ends are accepted.
 */
export class CsvParser {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  private afterQuote = false;
  private pendingCr = false;
  /** Line number (1-based) where the current record started, for the validation report. */
  private line = 1;
  private recordLine = 1;

  constructor(private readonly separator: string) {}

  feed(chunk: string, out: { fields: string[]; line: number }[] = []) {
    const sep = this.separator;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i]!;
      if (this.pendingCr) {
        this.pendingCr = false;
        if (ch === '\n') continue;
      }
      if (this.quoted) {
        if (ch === '"') {
          this.quoted = false;
          this.afterQuote = true;
        } else {
          if (ch === '\n') this.line++;
          this.field += ch;
        }
        continue;
      }
      if (ch === '"') {
        if (this.afterQuote) this.field += '"';
        else if (this.field === '') {
          this.quoted = true;
          continue;
        } else this.field += '"';
        this.quoted = this.afterQuote;
        this.afterQuote = false;
        continue;
      }
      this.afterQuote = false;
      if (ch === sep) {
        this.record.push(this.field);
        this.field = '';
      } else if (ch === '\n' || ch === '\r') {
        if (ch === '\r') this.pendingCr = true;
        this.record.push(this.field);
        this.field = '';
        out.push({ fields: this.record, line: this.recordLine });
        this.record = [];
        this.line++;
        this.recordLine = this.line;
      } else {
        // Fast path: copy the run of ordinary characters at once.
        let j = i + 1;
        while (j < chunk.length) {
          const c = chunk[j]!;
          if (c === sep || c === '"' || c === '\n' || c === '\r') break;
          j++;
        }
        this.field += chunk.slice(i, j);
        i = j - 1;
      }
    }
    return out;
  }

  end(out: { fields: string[]; line: number }[] = []) {
    if (this.field !== '' || this.record.length) {
      this.record.push(this.field);
      out.push({ fields: this.record, line: this.recordLine });
    }
    this.field = '';
    this.record = [];
    return out;
  }
}

/** The separator of a header line: the most frequent of tab, semicolon and comma outside quotes. */
export function detectSeparator(headerLine: string): string {
  let inQuotes = false;
  const counts: Record<string, number> = { '\t': 0, ';': 0, ',': 0 };
  for (const ch of headerLine) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch in counts) counts[ch]!++;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0];
}
