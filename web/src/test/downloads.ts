import { vi } from 'vitest';

/** A file the fake API answers with, and what the page sent to get it. */
export interface FakeDownload {
  requests: { url: URL; authorization: string | null }[];
  /** The files the page saved: name and bytes as text. */
  saved: { name: string; text: string }[];
}

/**
 * Answers GET requests for paths ending with `suffix` with a PDF (or the given error), over the
 * fetch fakeApi installed, and records the files the page saves through a download link.
 */
export function fakeDownload(
  suffix: string,
  answer: { fileName: string; text: string } | { status: number; error: string },
): FakeDownload {
  const record: FakeDownload = { requests: [], saved: [] };
  const api = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      if (!url.pathname.endsWith(suffix)) return api(input, init);
      const headers = new Headers(init?.headers);
      record.requests.push({ url, authorization: headers.get('authorization') });
      if ('status' in answer) {
        return new Response(JSON.stringify({ error: answer.error }), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
      }
      // A string body: the test DOM's Blob is not one fetch's Response can read.
      return new Response(answer.text, {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${answer.fileName}"`,
        },
      });
    }),
  );
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const href = `blob:download-${blobs.size}`;
        blobs.set(href, blob);
        return href;
      },
      revokeObjectURL: (href: string) => blobs.delete(href),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) void blob.text().then((text) => record.saved.push({ name: this.download, text }));
  });
  return record;
}
