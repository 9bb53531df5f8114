import { describe, expect, it } from 'vitest';
import { client } from '../harness.js';
import { useCliShop } from './cli-harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);

async function contact(subject: string, message = 'Is the 65W charger in stock?') {
  const answer = await client(cli.shop.app).post('/contact', {
    name: 'Asha Rao',
    email: 'asha.rao@example.in',
    subject,
    message,
  });
  expect(answer.statusCode).toBe(201);
  return (answer.json() as { ticket: string }).ticket;
}

describe('store tickets', () => {
  it('lists the tickets newest first with their time in India, shows one, and closes it', async () => {
    expect((await store('tickets', 'list')).stdout).toBe('No tickets yet.\n');

    const first = await contact('Charger stock');
    const second = await contact('GST invoice', 'Please send the invoice.\nOrder 7KX2M9QH4D.');
    const created = await cli.shop.db
      .selectFrom('tickets')
      .select('created_at')
      .where('number', '=', second)
      .executeTakeFirstOrThrow();
    const inIndia = new Date(Date.parse(created.created_at) + 330 * 60_000)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ');

    const listed = await store('tickets', 'list');
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NUMBER\s+WHEN \(IST\)\s+NAME\s+EMAIL\s+SUBJECT\s+STATUS$/);
    expect(lines[2]).toMatch(
      new RegExp(`^${second}\\s+${inIndia}\\s+Asha Rao\\s+asha\\.rao@example\\.in\\s+GST invoice\\s+open$`),
    );
    expect(lines[3]).toMatch(new RegExp(`^${first}\\s+.*Charger stock\\s+open$`));

    const shown = await store('tickets', 'show', second);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Ticket:  ${second} (open)`);
    expect(shown.stdout).toContain('From:    Asha Rao <asha.rao@example.in>');
    expect(shown.stdout).toContain('Please send the invoice.\nOrder 7KX2M9QH4D.');

    const closed = await store('tickets', 'close', first.toLowerCase());
    expect(closed).toMatchObject({ code: 0, stdout: `Ticket ${first} from Asha Rao is marked as handled.\n` });
    const open = await store('tickets', 'list', '--open');
    expect(open.stdout).toContain(second);
    expect(open.stdout).not.toContain(first);
    expect((await store('tickets', 'list')).stdout).toMatch(new RegExp(`${first}\\s+.*closed$`, 'm'));
    expect((await store('tickets', 'list', '--limit', '1')).stdout.trim().split('\n')).toHaveLength(3);

    const logged = await cli.shop.db.selectFrom('audit_log').selectAll().where('action', '=', 'ticket.close').execute();
    expect(logged.map((row) => [row.actor, row.subject])).toEqual([['store command', `ticket:${first}`]]);
    // Closing again changes nothing and logs nothing.
    expect((await store('tickets', 'close', first)).code).toBe(0);
    expect(
      await cli.shop.db.selectFrom('audit_log').selectAll().where('action', '=', 'ticket.close').execute(),
    ).toHaveLength(1);
  });

  it('says so for an unknown ticket or a bad limit', async () => {
    expect(await store('tickets', 'close', 'T-999999')).toMatchObject({
      code: 1,
      stderr: 'Error: No ticket has that number.\n',
    });
    expect(await store('tickets', 'show', 'nonsense')).toMatchObject({ code: 1 });
    expect(await store('tickets', 'list', '--limit', 'all')).toMatchObject({
      code: 1,
      stderr: "Error: --limit is a number from 1 to 10000, not 'all'.\n",
    });
  });
});
