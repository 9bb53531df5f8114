/** Small server-rendered pages (payment steps, newsletter answers, mail): no scripts unless a nonce allows one, every value escaped. */

export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:16px;box-shadow:0 4px 24px rgb(15 23 42/.08);padding:32px;max-width:420px;width:calc(100% - 32px)}
h1{font-size:1.25rem;margin:0 0 4px}p{color:#475569}.amount{font-size:2rem;font-weight:700;color:#0f172a;margin:16px 0}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:.75rem;font-weight:600}
form{margin:0}.actions{display:flex;gap:12px;margin-top:24px}button{flex:1;height:48px;border-radius:10px;border:0;font-size:1rem;font-weight:600;cursor:pointer}
.approve{background:#15803d;color:#fff}.decline{background:#fff;color:#b91c1c;border:1px solid #fca5a5}.primary{background:#4f46e5;color:#fff;width:100%}
button:focus-visible{outline:3px solid #4f46e5;outline-offset:2px}`;

export function page(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${script}</body></html>`;
}
