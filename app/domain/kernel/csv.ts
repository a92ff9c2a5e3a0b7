// CSV cells for spreadsheets: the back office's exports of orders and products.

/** `semicolon`: German Excel (`;`, decimal comma); `comma`: `,` and a decimal point. */
export type CsvDialect = 'semicolon' | 'comma';

/** A spreadsheet would run a cell starting with these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula starts defused with `'`, quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string | number, dialect: CsvDialect): string {
  let text = String(value);
  // A plain number (a negative amount) is no formula and stays a number.
  if (FORMULA_START.test(text) && !/^-?\d+([.,]\d+)?$/.test(text)) text = `'${text}`;
  const sep = dialect === 'semicolon' ? ';' : ',';
  return text.includes(sep) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number)[], dialect: CsvDialect): string {
  return `${values.map((v) => csvCell(v, dialect)).join(dialect === 'semicolon' ? ';' : ',')}\r\n`;
}
