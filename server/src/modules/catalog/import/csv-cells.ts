/**
 * The two CSV cells that hold lists, in a form a spreadsheet user can read and type:
 *
 *   images      /media/products/hub.svg 800x800 | https://cdn.example/hub-2.webp 1200x900
 *   attributes  Speed [Mbps]=1000 | Colours=Black;Space Grey | featured=true
 *
 * In attributes, a backslash makes the next character plain text: \| \; \= \[ \] \\.
 */

export interface CellImage {
  url: string;
  width: number;
  height: number;
}

export interface CellAttribute {
  key: string;
  value: string[];
  metricUnit: string | null;
}

export type CellResult<T> = { ok: true; value: T } | { ok: false; error: string };

const IMAGE = /^(\S+)\s+(\d+)\s*[x×]\s*(\d+)$/;

export function parseImagesCell(cell: string): CellResult<CellImage[]> {
  const images: CellImage[] = [];
  for (const entry of cell.split('|').map((part) => part.trim())) {
    if (!entry) continue;
    const match = IMAGE.exec(entry);
    if (!match) {
      return {
        ok: false,
        error: `images: '${shorten(entry)}' needs its size in pixels after a space, as in '/media/products/hub.svg 800x800'.`,
      };
    }
    images.push({ url: match[1] ?? '', width: Number(match[2]), height: Number(match[3]) });
  }
  return { ok: true, value: images };
}

export const formatImagesCell = (images: CellImage[]): string =>
  images.map((image) => `${image.url} ${image.width}x${image.height}`).join(' | ');

const escapeSpecials = (text: string) => text.replace(/[\\|;=[\]]/g, '\\$&');

export const formatAttributesCell = (attributes: CellAttribute[]): string =>
  attributes
    .map(
      (attribute) =>
        `${escapeSpecials(attribute.key)}${attribute.metricUnit ? ` [${escapeSpecials(attribute.metricUnit)}]` : ''}=${attribute.value.map(escapeSpecials).join(';')}`,
    )
    .join(' | ');

/** Reads the attributes cell character by character, so escapes and units are exact. */
export function parseAttributesCell(cell: string): CellResult<CellAttribute[]> {
  const attributes: CellAttribute[] = [];
  let part: 'key' | 'unit' | 'afterUnit' | 'values' = 'key';
  let current = '';
  let key = '';
  let unit: string | null = null;
  let values: string[] = [];
  const fail = (error: string): CellResult<CellAttribute[]> => ({ ok: false, error: `attributes: ${error}` });
  const needsEquals = (name: string) =>
    fail(`'${shorten(name.trim())}' needs '=' between its name and its values, as in 'Speed [Mbps]=1000'.`);
  const finish = (): string | null => {
    if (!key.trim()) return "an attribute has no name before '='.";
    const trimmed = values.map((value) => value.trim());
    attributes.push({
      key: key.trim(),
      value: trimmed.length === 1 && trimmed[0] === '' ? [] : trimmed,
      metricUnit: unit,
    });
    key = '';
    unit = null;
    values = [];
    return null;
  };

  for (let index = 0; index < cell.length; index += 1) {
    let char = cell[index] ?? '';
    let escaped = false;
    if (char === '\\') {
      const next = cell[index + 1];
      if (next === undefined) return fail("the cell ends with a lone '\\'.");
      char = next;
      escaped = true;
      index += 1;
    }
    if (escaped) {
      if (part === 'afterUnit') return fail(`'${shorten(key.trim())}': '=' must follow the unit.`);
      current += char;
      continue;
    }
    if (part === 'key') {
      if (char === '[') [key, current, part] = [current, '', 'unit'];
      else if (char === '=') [key, current, part] = [current, '', 'values'];
      else if (char === '|') {
        if (current.trim()) return needsEquals(current);
        current = '';
      } else current += char;
    } else if (part === 'unit') {
      if (char === ']') [unit, current, part] = [current.trim() || null, '', 'afterUnit'];
      else if (char === '[' || char === '=' || char === '|')
        return fail(`the unit of '${shorten(key.trim())}' needs a closing ']'.`);
      else current += char;
    } else if (part === 'afterUnit') {
      if (char === '=') part = 'values';
      else if (char.trim()) return fail(`'${shorten(key.trim())}': '=' must follow the unit.`);
    } else if (char === ';') {
      values.push(current);
      current = '';
    } else if (char === '|') {
      values.push(current);
      current = '';
      const problem = finish();
      if (problem) return fail(problem);
      part = 'key';
    } else current += char;
  }

  if (part === 'values') {
    values.push(current);
    const problem = finish();
    if (problem) return fail(problem);
  } else if (part === 'key' && current.trim()) return needsEquals(current);
  else if (part === 'unit') return fail(`the unit of '${shorten(key.trim())}' needs a closing ']'.`);
  else if (part === 'afterUnit') return fail(`'${shorten(key.trim())}' needs '=' and its values after the unit.`);
  return { ok: true, value: attributes };
}

const shorten = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);
