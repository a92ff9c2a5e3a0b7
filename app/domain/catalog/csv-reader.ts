// A streaming CSV reader (RFC 4180): quoted cells with doubled quotes and line breaks, CRLF or
// LF, a byte order mark, `;` or `,` guessed from the header. Limits keep a hostile file from
// taking the server's memory or time: the caller learns why a file was refused.

export type CsvLimits = {
  maxColumns: number;
  maxCellLength: number;
  maxRows: number;
};

export const DEFAULT_CSV_LIMITS: CsvLimits = {
  maxColumns: 1000,
  maxCellLength: 100_000,
  maxRows: 100_000,
};

export type CsvRefusal =
  | { code: 'too_many_columns'; max: number }
  | { code: 'cell_too_long'; line: number; max: number }
  | { code: 'too_many_rows'; max: number }
  | { code: 'unclosed_quote'; line: number }
  | { code: 'nul_byte'; line: number }
  | { code: 'empty' };

export class CsvRefused extends Error {
  constructor(readonly refusal: CsvRefusal) {
    super(`CSV refused: ${refusal.code}`);
  }
}

/** A record with the line its first cell starts on (1 is the header). */
export type CsvRecord = { line: number; cells: string[] };

/** `;` when the header line holds more of them outside quotes than commas. */
export function detectSeparator(firstLine: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const c of firstLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === ',') commas++;
    else if (!quoted && c === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** Reads records from text chunks as they arrive; one record in memory at a time. */
export class CsvReader {
  private separator: ',' | ';' | null = null;
  private pending = '';
  private record: string[] = [];
  private cell = '';
  private quoted = false;
  /** A quote inside a quoted cell: either its end or the first of `""`. */
  private quoteSeen = false;
  private line = 1;
  private recordLine = 1;
  private rows = 0;
  private started = false;

  constructor(private readonly limits: CsvLimits = DEFAULT_CSV_LIMITS) {}

  /** Records completed by this chunk. */
  push(chunk: string): CsvRecord[] {
    let text = chunk;
    if (!this.started) {
      text = this.pending + text;
      this.pending = '';
      // The separator comes from the first line, so wait for it (or for the end).
      const end = text.indexOf('\n');
      if (end < 0 && text.length < 1_000_000) {
        this.pending = text;
        return [];
      }
      this.start(text, end < 0 ? text.length : end);
      text = text.replace(/^\uFEFF/, '');
    }
    return this.consume(text);
  }

  /** The last record when the file ends without a line break. */
  end(): CsvRecord[] {
    const out: CsvRecord[] = [];
    if (!this.started) {
      if (this.pending === '' || this.pending === '\uFEFF') throw new CsvRefused({ code: 'empty' });
      const text = this.pending.replace(/^\uFEFF/, '');
      this.pending = '';
      this.start(text, text.length);
      out.push(...this.consume(text));
    }
    if (this.quoted && !this.quoteSeen) {
      throw new CsvRefused({ code: 'unclosed_quote', line: this.recordLine });
    }
    if (this.cell !== '' || this.record.length > 0) this.finishRecord(out);
    if (this.rows === 0) throw new CsvRefused({ code: 'empty' });
    return out;
  }

  private start(text: string, end: number) {
    this.started = true;
    this.separator = detectSeparator(text.slice(0, end).replace(/^\uFEFF/, ''));
  }

  private finishCell() {
    if (this.record.length >= this.limits.maxColumns) {
      throw new CsvRefused({ code: 'too_many_columns', max: this.limits.maxColumns });
    }
    this.record.push(this.cell);
    this.cell = '';
  }

  private finishRecord(out: CsvRecord[]) {
    this.finishCell();
    this.rows++;
    if (this.rows > this.limits.maxRows + 1) {
      throw new CsvRefused({ code: 'too_many_rows', max: this.limits.maxRows });
    }
    // A blank line is no record.
    if (!(this.record.length === 1 && this.record[0] === '')) {
      out.push({ line: this.recordLine, cells: this.record });
    } else this.rows--;
    this.record = [];
    this.recordLine = this.line;
  }

  private consume(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    const sep = this.separator!;
    const max = this.limits.maxCellLength;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (c === '\0') throw new CsvRefused({ code: 'nul_byte', line: this.line });
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (c === '"') {
            this.cell += '"';
            continue;
          }
          this.quoted = false;
          // Falls through: the character after a closing quote.
        } else if (c === '"') {
          this.quoteSeen = true;
          continue;
        } else {
          if (c === '\n') this.line++;
          this.cell += c;
          if (this.cell.length > max) {
            throw new CsvRefused({ code: 'cell_too_long', line: this.recordLine, max });
          }
          continue;
        }
      }
      if (c === '"' && this.cell === '') this.quoted = true;
      else if (c === sep) this.finishCell();
      else if (c === '\n') {
        this.line++;
        this.finishRecord(out);
      } else if (c === '\r') {
        // Part of CRLF; a lone CR inside an unquoted cell is dropped too.
      } else {
        this.cell += c;
        if (this.cell.length > max) {
          throw new CsvRefused({ code: 'cell_too_long', line: this.recordLine, max });
        }
      }
    }
    return out;
  }
}

/** All records of a text (for tests and small files). */
export function readCsv(text: string, limits?: CsvLimits): CsvRecord[] {
  const reader = new CsvReader(limits);
  return [...reader.push(text), ...reader.end()];
}
