import Papa from 'papaparse';

/**
 * CSV files for French Excel (the customers export, the venues' consolidated view): UTF-8 with a BOM,
 * ';' between cells, CRLF line ends, every cell neutralised against formulas (neutralizeCsvCell).
 */

/** What a spreadsheet reads as the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number and nothing else: digits, spaces and + . - ( ) only. */
const PHONE_ONLY = /^\+?[\d\s.()-]+$/;
/** Digits alone ('0712345678'): what Excel and LibreOffice read as a number, dropping the leading 0. */
const DIGITS_ONLY = /^\d+$/;

/**
 * A cell that no spreadsheet evaluates (decision 046). A value starting like a formula gets the usual
 * apostrophe in front; a phone number that starts with '+' ('+33 6 12 …') gets a tab instead: Excel
 * shows the tab as nothing, so the number reads as typed with no visible quote, and a cell starting
 * with a tab is text, never a formula. Only a value made of phone characters gets the tab, so nothing
 * that could be a formula hides behind it.
 */
export function neutralizeCsvCell(value: string, kind: 'text' | 'phone' = 'text'): string {
  if (kind === 'phone' && DIGITS_ONLY.test(value)) return digitsInPairs(value);
  if (kind === 'phone' && PHONE_ONLY.test(value)) return /^[+-]/.test(value) ? `\t${value}` : value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A phone typed as digits alone, written as a French number is typed, in pairs: '0712345678' →
 * '07 12 34 56 78' (decision 046, amended). Both spreadsheets read a space between digits as a thousands
 * separator only before a group of exactly three digits, so a group of two makes the cell text: the
 * leading 0 stays, and nothing is added in front of it.
 */
function digitsInPairs(digits: string): string {
  return digits.replace(/\d{2}(?=\d)/g, '$& ');
}

/** The BOM French Excel needs to read UTF-8. */
export const CSV_BOM = '\uFEFF';

/** Rows as CSV lines (';', CRLF after each line), for a file written page by page. */
export function frenchCsvLines(data: readonly (readonly string[])[]): string {
  if (data.length === 0) return '';
  return Papa.unparse(data.map((row) => [...row]), { delimiter: ';', newline: '\r\n', escapeFormulae: false, quotes: false, header: false }) + '\r\n';
}

/** The file: a BOM, the header line, then the rows (cells already neutralised by the caller). */
export function toFrenchCsv(fields: readonly string[], data: readonly (readonly string[])[]): string {
  return '\uFEFF' + Papa.unparse({ fields: [...fields], data: data.map((row) => [...row]) }, { delimiter: ';', newline: '\r\n', escapeFormulae: false, quotes: false });
}

/** The headers of a CSV download (kept out of caches like every API answer: lib/security-headers). */
export function csvHeaders(fileName: string): Record<string, string> {
  return { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName}"` };
}
