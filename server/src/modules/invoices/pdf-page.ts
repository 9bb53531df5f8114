import { formatInr, toRupees } from '../../shared/money.js';
import type { PrintedState } from './document.js';
import { runsOf, type Subset } from './pdf-fonts.js';

/** An A4 page, its measures, and the way the invoice writes text, rules and figures on it. */
export const PAGE = { width: 595.28, height: 841.89, margin: 36 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const BOTTOM = PAGE.height - PAGE.margin - 24;
export const GREY = '#555555';
const RULE = '#999999';

export interface Style {
  size?: number;
  bold?: boolean;
  color?: string;
}

const plain = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A table's figures: 1,23,456.00 (the column says ₹). */
export const figure = (paise: number) => plain.format(toRupees(paise));
/** A total: ₹1,23,456.00. */
export const money = (paise: number) => formatInr(toRupees(paise));
export const percent = (rate: number) => `${Number(rate.toFixed(3))}%`;
/** 2026-11-23 → 23-11-2026, as Indian invoices write dates. */
export const printedDate = (day: string) => day.split('-').reverse().join('-');
export const stateLine = (state: PrintedState | null) =>
  state ? `${state.name}${state.code ? `, State code: ${state.code}` : ''}` : '—';

export class Page {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private use(style: Style, subset: Subset = 'latin') {
    this.doc
      .font(`${subset}-${style.bold ? 700 : 400}`)
      .fontSize(style.size ?? 9)
      .fillColor(style.color ?? '#000000');
  }

  width(text: string, style: Style = {}): number {
    return runsOf(text).reduce((sum, run) => {
      this.use(style, run.subset);
      return sum + this.doc.widthOfString(run.text);
    }, 0);
  }

  /** One line, never wrapped; aligned within `width` from x. */
  line(
    text: string,
    x: number,
    y: number,
    style: Style & { width?: number; align?: 'left' | 'right' | 'center' } = {},
  ) {
    const width = style.width ?? CONTENT_WIDTH;
    const used = this.width(text, style);
    let at = style.align === 'right' ? x + width - used : style.align === 'center' ? x + (width - used) / 2 : x;
    for (const run of runsOf(text)) {
      this.use(style, run.subset);
      this.doc.text(run.text, at, y, { lineBreak: false });
      at += this.doc.widthOfString(run.text);
    }
  }

  /** Text wrapped within `width`; returns the height it took. */
  paragraph(text: string, x: number, y: number, width: number, style: Style = {}): number {
    const runs = runsOf(text);
    runs.forEach((run, index) => {
      this.use(style, run.subset);
      const continued = index < runs.length - 1;
      if (index === 0) this.doc.text(run.text, x, y, { width, continued });
      else this.doc.text(run.text, { continued });
    });
    return this.doc.y - y;
  }

  height(text: string, width: number, style: Style = {}): number {
    this.use(style);
    return this.doc.heightOfString(text, { width });
  }

  rule(y: number, x = PAGE.margin, width = CONTENT_WIDTH) {
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  box(x: number, y: number, width: number, height: number, fill: string) {
    this.doc.rect(x, y, width, height).fill(fill);
  }
}

/** A new page when `needed` points do not fit below y; the y to write at. */
export function roomFor(doc: PDFKit.PDFDocument, y: number, needed: number): number {
  if (y + needed <= BOTTOM) return y;
  doc.addPage();
  return PAGE.margin;
}
