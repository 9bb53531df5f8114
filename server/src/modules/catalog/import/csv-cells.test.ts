import { describe, expect, it } from 'vitest';
import { formatAttributesCell, formatImagesCell, parseAttributesCell, parseImagesCell } from './csv-cells.js';

describe('the attributes cell', () => {
  it.each([
    ['', []],
    ['Speed [Mbps]=1000', [{ key: 'Speed', value: ['1000'], metricUnit: 'Mbps' }]],
    [
      ' Colours = Black ; Space Grey | featured=true ',
      [
        { key: 'Colours', value: ['Black', 'Space Grey'], metricUnit: null },
        { key: 'featured', value: ['true'], metricUnit: null },
      ],
    ],
    ['Notes=', [{ key: 'Notes', value: [], metricUnit: null }]],
    ['Ports \\[USB-A\\]=2', [{ key: 'Ports [USB-A]', value: ['2'], metricUnit: null }]],
    ['Formula=a\\=b\\;c\\|d\\\\e', [{ key: 'Formula', value: ['a=b;c|d\\e'], metricUnit: null }]],
    ['Range=1=2', [{ key: 'Range', value: ['1=2'], metricUnit: null }]],
  ])('reads %j', (cell, attributes) => {
    expect(parseAttributesCell(cell)).toEqual({ ok: true, value: attributes });
  });

  it.each([
    ['Speed', "attributes: 'Speed' needs '=' between its name and its values, as in 'Speed [Mbps]=1000'."],
    ['Speed=1 | Colour', "attributes: 'Colour' needs '=' between its name and its values"],
    ['Speed [Mbps=1', "attributes: the unit of 'Speed' needs a closing ']'."],
    ['Speed [Mbps] 1000', "attributes: 'Speed': '=' must follow the unit."],
    ['=1000', "attributes: an attribute has no name before '='."],
    ['Speed=1\\', "attributes: the cell ends with a lone '\\'."],
  ])('refuses %j', (cell, error) => {
    const result = parseAttributesCell(cell);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toContain(error);
  });

  it('writes what it reads back to the same attributes, whatever characters they hold', () => {
    const attributes = [
      { key: 'Speed', value: ['2.5'], metricUnit: 'Gbps' },
      { key: 'Odd [key] = | ;', value: ['a;b', 'c|d', 'e=f', '[g]', 'back\\slash'], metricUnit: 'u[n]it' },
      { key: 'Empty', value: [], metricUnit: null },
    ];
    const cell = formatAttributesCell(attributes);
    expect(parseAttributesCell(cell)).toEqual({ ok: true, value: attributes });
  });
});

describe('the images cell', () => {
  it('reads pictures with their sizes and writes them back the same', () => {
    const cell = '/media/products/hub.svg 800x800 | https://cdn.example.in/hub-2.webp 1200 × 900';
    const parsed = parseImagesCell(cell);
    expect(parsed).toEqual({
      ok: true,
      value: [
        { url: '/media/products/hub.svg', width: 800, height: 800 },
        { url: 'https://cdn.example.in/hub-2.webp', width: 1200, height: 900 },
      ],
    });
    if (parsed.ok) expect(parseImagesCell(formatImagesCell(parsed.value))).toEqual(parsed);
  });

  it('refuses a picture without its size', () => {
    expect(parseImagesCell('/media/products/hub.svg')).toEqual({
      ok: false,
      error:
        "images: '/media/products/hub.svg' needs its size in pixels after a space, as in '/media/products/hub.svg 800x800'.",
    });
  });
});
