const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** Merchants in India read times in IST, whatever the server's clock zone is. */
export const formatDateTime = (iso: string): string => `${dateTime.format(new Date(iso))} IST`;

// Escape sequences whole (CSI `ESC [ … final`, OSC `ESC ] … BEL|ESC \\`, and ESC with one more
// character), so none of their text is left behind to look like the shop's own output.
// Built from strings: the patterns are control characters on purpose.
const ESC = '\\u001b';
const ESCAPE_SEQUENCES = new RegExp(
  [
    `${ESC}\\[[0-?]*[ -/]*[@-~]?`,
    `${ESC}\\][^\\u0007${ESC}]*(?:\\u0007|${ESC}\\\\)?`,
    `${ESC}[\\s\\S]?`,
    '\\u009b[0-?]*[ -/]*[@-~]?',
  ].join('|'),
  'g',
);
// C0 controls but tab and newline, DEL, C1 controls, and the bidirectional overrides and isolates
// (U+202A–U+202E, U+2066–U+2069) that reorder what follows them on screen.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it removes.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text someone outside the shop wrote (names, addresses, emails, messages, notes), made safe to
 * print on the merchant's terminal: no escape sequences (which can clear the screen and draw fake
 * lines), no control characters, no bidi overrides. One line unless `multiline`, where newlines and
 * tabs written on purpose stay.
 */
export function terminalSafe(text: string, { multiline = false }: { multiline?: boolean } = {}): string {
  const stripped = text.replace(ESCAPE_SEQUENCES, '').replace(CONTROLS, '');
  return multiline ? stripped : stripped.replace(/[\t\n]/g, ' ');
}

/** A plain-text table with a header row; columns as wide as their widest cell; every cell printed safe. */
export function formatTable(header: string[], cells: string[][]): string {
  const rows = cells.map((row) => row.map((cell) => terminalSafe(cell)));
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
