import Papa from 'papaparse';

/**
 * CSV files for French Excel (the customers export, the venues' consolidated view): UTF-8 with a BOM,
 * ';' between cells, CRLF line ends, every cell neutralised against formulas (neutralizeCsvCell).
 */

/** What a spreadsheet reads as the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number and nothing else: digits, spaces and + . - ( ) only. */
const PHONE_ONLY = /^\+?[\d\s.()-]+$/;

/**
 * A cell that no spreadsheet evaluates (decision 046). A value starting like a formula gets the usual
 * apostrophe in front; a phone number that starts with '+' ('+33 6 12 …') gets a tab instead: Excel
 * shows the tab as nothing, so the number reads as typed with no visible quote, and a cell starting
 * with a tab is text, never a formula. Only a value made of phone characters gets the tab, so nothing
 * that could be a formula hides behind it.
 */
export function neutralizeCsvCell(value: string, kind: 'text' | 'phone' = 'text'): string {
  if (kind === 'phone' && PHONE_ONLY.test(value)) return /^[+-]/.test(value) ? `\t${value}` : value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The file: a BOM, the header line, then the rows (cells already neutralised by the caller). */
export function toFrenchCsv(fields: readonly string[], data: readonly (readonly string[])[]): string {
  return '\uFEFF' + Papa.unparse({ fields: [...fields], data: data.map((row) => [...row]) }, { delimiter: ';', newline: '\r\n', escapeFormulae: false, quotes: false });
}

/** The headers of a CSV download (kept out of caches like every API answer: lib/security-headers). */
export function csvHeaders(fileName: string): Record<string, string> {
  return { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName}"` };
}
