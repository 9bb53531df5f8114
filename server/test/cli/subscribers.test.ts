import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { client } from '../harness.js';
import { useCliShop } from './cli-harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);

const CONSENT = 'We will email you offers and new products. Unsubscribe at any time from the link in every email.';
const HEADER = 'email,subscribedAt,consentText';

async function subscribe(email: string, consentText = CONSENT) {
  const response = await client(cli.shop.app).post('/newsletter', { email, consentText });
  expect(response.statusCode).toBe(201);
}

async function unsubscribeByLink(email: string) {
  const { unsubscribe_token: token } = await cli.shop.db
    .selectFrom('subscribers')
    .select('unsubscribe_token')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const response = await client(cli.shop.app).post(`/newsletter/unsubscribe?token=${token}`);
  expect(response.statusCode).toBe(200);
}

const rowsOf = (csv: string) => parseCsv(csv, { bom: true, columns: true }) as Record<string, string>[];
const emailsIn = (csv: string) => rowsOf(csv).map((row) => row.email);

describe('store subscribers', () => {
  it('exports only the header, and counts none, before anyone subscribed', async () => {
    expect(await store('subscribers', 'export')).toEqual({ code: 0, stdout: `\uFEFF${HEADER}\n`, stderr: '' });
    expect(await store('subscribers', 'count')).toEqual({
      code: 0,
      stdout: '0 subscribed; 0 unsubscribed.\n',
      stderr: '',
    });
  });

  it('exports the subscribed with when and what they agreed to, never those who unsubscribed, and counts both', async () => {
    await subscribe('first@example.in');
    // Commas, quotes and a line break survive the CSV; the shopper's own words come back as they were.
    const awkward = 'Offers, "deals" and\nnew products — ₹ prices; unsubscribe any time.';
    await subscribe('second@example.in', awkward);
    await subscribe('leaving@example.in');
    await unsubscribeByLink('leaving@example.in');

    const exported = await store('subscribers', 'export');
    expect(exported.code).toBe(0);
    expect(exported.stdout.startsWith(`\uFEFF${HEADER}\n`)).toBe(true);
    const rows = rowsOf(exported.stdout);
    expect(rows.map((row) => row.email).sort()).toEqual(['first@example.in', 'second@example.in']);
    const stored = await cli.shop.db
      .selectFrom('subscribers')
      .selectAll()
      .where('email', '=', 'second@example.in')
      .executeTakeFirstOrThrow();
    expect(rows.find((row) => row.email === 'second@example.in')).toEqual({
      email: 'second@example.in',
      subscribedAt: stored.subscribed_at,
      consentText: awkward,
    });

    expect((await store('subscribers', 'count')).stdout).toBe('2 subscribed; 1 unsubscribed.\n');
  });

  it('writes the file given with --out, and leaves out the byte-order mark with --no-bom', async () => {
    const exported = await store('subscribers', 'export', '--out', 'subscribers.csv');
    expect(exported).toMatchObject({ code: 0, stdout: '' });
    expect(exported.stderr).toMatch(/^Exported \d+ subscribers to subscribers\.csv\.\n$/);
    const file = fs.readFileSync(path.join(cli.files.dir, 'subscribers.csv'), 'utf8');
    expect(file.startsWith(`\uFEFF${HEADER}\n`)).toBe(true);
    expect(file).toBe((await store('subscribers', 'export')).stdout);
    expect(Number(/Exported (\d+)/.exec(exported.stderr)?.[1])).toBe(rowsOf(file).length);

    const plain = await store('subscribers', 'export', '--no-bom');
    expect(plain.stdout.startsWith(`${HEADER}\n`)).toBe(true);
  });

  it("adds each subscriber's own unsubscribe link with --links, for the newsletters the merchant sends", async () => {
    await subscribe('with-link@example.in');
    const exported = await store('subscribers', 'export', '--links');
    expect(exported.stdout.startsWith(`\uFEFF${HEADER},unsubscribeUrl\n`)).toBe(true);
    const row = rowsOf(exported.stdout).find((listed) => listed.email === 'with-link@example.in');
    const { unsubscribe_token: token } = await cli.shop.db
      .selectFrom('subscribers')
      .select('unsubscribe_token')
      .where('email', '=', 'with-link@example.in')
      .executeTakeFirstOrThrow();
    expect(row?.unsubscribeUrl).toBe(`http://localhost/api/v1/newsletter/unsubscribe?token=${token}`);

    // The link works: the subscriber who follows it is off the next export.
    const link = new URL(row?.unsubscribeUrl ?? '');
    const done = await client(cli.shop.app).post(`${link.pathname.replace('/api/v1', '')}${link.search}`);
    expect(done.statusCode).toBe(200);
    expect(emailsIn((await store('subscribers', 'export')).stdout)).not.toContain('with-link@example.in');
  });

  it('opens a consent text that starts like a formula as text in a spreadsheet', async () => {
    await subscribe('formula@example.in', '=HYPERLINK("http://attacker.example","Click")');
    const row = rowsOf((await store('subscribers', 'export')).stdout).find((r) => r.email === 'formula@example.in');
    expect(row?.consentText).toBe('\'=HYPERLINK("http://attacker.example","Click")');
  });

  it('unsubscribes an address on the merchant’s word, and says so when it is not subscribed', async () => {
    await subscribe('asked-by-phone@example.in');
    const removed = await store('subscribers', 'remove', ' Asked-By-Phone@Example.IN ');
    expect(removed).toEqual({ code: 0, stdout: 'asked-by-phone@example.in is unsubscribed.\n', stderr: '' });
    expect(emailsIn((await store('subscribers', 'export')).stdout)).not.toContain('asked-by-phone@example.in');
    const logged = await cli.shop.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'subscriber.remove')
      .executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ actor: 'store command', subject: 'subscriber:asked-by-phone@example.in' });

    expect(await store('subscribers', 'remove', 'asked-by-phone@example.in')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: asked-by-phone@example.in is not subscribed.\n',
    });
    expect(await store('subscribers', 'remove', 'nobody')).toEqual({
      code: 1,
      stdout: '',
      stderr: "Error: 'nobody' is not an email address.\n",
    });
  });

  it('refuses a file it cannot write, and a store that does not exist', async () => {
    const missingFolder = await store('subscribers', 'export', '--out', 'no-such-folder/subscribers.csv');
    expect(missingFolder.code).toBe(1);
    expect(missingFolder.stderr).toMatch(/^Error: Cannot write .*no-such-folder.*subscribers\.csv: /);
    const unknown = await store('--store', 'elsewhere.example', 'subscribers', 'count');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No store has the host 'elsewhere.example'.");
  });
});
