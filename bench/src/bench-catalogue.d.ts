/** Writes a CSV catalogue of `rows` generated products into `folder`; returns its path. */
export declare function writeBenchCatalogue(rows: number, folder: string): string;
