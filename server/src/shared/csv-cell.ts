/**
 * CSV injection (OWASP): a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab
 * or carriage return before one) as a formula, so a shopper named `=HYPERLINK(…)` would reach the
 * accountant as a live link. Every text cell someone could have written goes out through
 * `csvTextCell`; numbers the shop wrote itself (prices, quantities, stock) go out as they are.
 */

/** What a spreadsheet may read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell the exporter guarded: one leading apostrophe, then (after any further apostrophes) a formula start. */
const GUARDED = /^''*[=+\-@\t\r]/;

/**
 * The cell as written to a CSV file: OWASP's leading apostrophe, which a spreadsheet shows as text
 * and hides. A cell that already starts with apostrophes before a formula start gets one more, so
 * `csvTextCellRead` gives back exactly the text, and a round trip never grows the apostrophes.
 */
export function csvTextCell(text: string): string {
  return FORMULA_START.test(text) || GUARDED.test(text) ? `'${text}` : text;
}

/** The text of a cell `csvTextCell` wrote: its one guarding apostrophe removed; any other cell as it is. */
export function csvTextCellRead(cell: string): string {
  return GUARDED.test(cell) ? cell.slice(1) : cell;
}
