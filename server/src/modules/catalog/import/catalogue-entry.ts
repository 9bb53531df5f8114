import type { ProductRecord } from './product-record.js';

/* What reading a catalogue file gives: its rows, each a record or a problem, and the file's own errors. */

/** A catalogue file read and checked: its good records, every problem with the line it is on, and warnings. */
export interface ReadCatalogue {
  records: { line: number; record: ProductRecord }[];
  problems: CatalogueProblem[];
  /** Things the file got past, but the merchant should know (e.g. it was not UTF-8). */
  warnings: CatalogueProblem[];
}

export interface CatalogueProblem {
  /** 1-based line of the file; 0 for a problem of the whole file. */
  line: number;
  message: string;
}

/** The file cannot be read at all (not there, not CSV or JSON, not JSON inside): nothing of it is imported. */
export class CatalogueFileError extends Error {}

export type ProgressListener = (bytesRead: number, totalBytes: number) => void;

/** One row of a catalogue file as read: its record, or what is wrong with it. */
export type CatalogueEntry = { line: number; record: ProductRecord } | { line: number; problem: string };
