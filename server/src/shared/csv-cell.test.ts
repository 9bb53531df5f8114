import { describe, expect, it } from 'vitest';
import { csvTextCell, csvTextCellRead } from './csv-cell.js';

describe('CSV text cells', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['-Dash', "'-Dash"],
    ['+91 98450 12345', "'+91 98450 12345"],
    ['@home', "'@home"],
    ['\tindented', "'\tindented"],
    ['\rreturn', "'\rreturn"],
    ["'=already guarded", "''=already guarded"],
    ["it's plain", "it's plain"],
    ["'quoted'", "'quoted'"],
    ['Asha Rao', 'Asha Rao'],
    ['', ''],
  ])('writes %j as %j and reads it back exactly, however often', (text, written) => {
    expect(csvTextCell(text)).toBe(written);
    expect(csvTextCellRead(written)).toBe(text);
    expect(csvTextCell(csvTextCellRead(csvTextCell(text)))).toBe(written);
  });
});
