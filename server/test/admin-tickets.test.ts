import { AdminActivityResponse, AdminTicket, AdminTicketListResponse } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { client, startShop, type TestShop } from './harness.js';

let shop: TestShop;
let staff: ReturnType<typeof adminClient>;
let staffEmail: string;
const numbers: string[] = [];

beforeAll(async () => {
  shop = await startShop();
  const { email, password } = await addStaff(shop, { role: 'orders' });
  staffEmail = email;
  staff = adminClient(shop.app);
  await staff.signIn(email, password);
  for (const subject of ['Charger stock', 'GST invoice', 'Warranty claim']) {
    const answer = await client(shop.app).post('/contact', {
      name: 'Ravi Kumar',
      email: 'ravi@example.in',
      subject,
      message: `About: ${subject}`,
    });
    numbers.push((answer.json() as { ticket: string }).ticket);
  }
});
afterAll(() => shop.close());

const list = async (query = '') => AdminTicketListResponse.parse((await staff.get(`/admin/tickets${query}`)).json());

describe('the tickets in the back office', () => {
  it('lists them newest first, a page at a time, with counts per status', async () => {
    const all = await list();
    expect(all.data.map((ticket) => ticket.number)).toEqual([...numbers].reverse());
    expect(all).toMatchObject({ total: 3, page: 1, counts: { open: 3, closed: 0 } });
    expect(all.data[0]).toMatchObject({
      name: 'Ravi Kumar',
      email: 'ravi@example.in',
      subject: 'Warranty claim',
      message: 'About: Warranty claim',
      status: 'open',
    });
    const second = await list('?status=open&limit=2&page=2');
    expect(second.data.map((ticket) => ticket.number)).toEqual([numbers[0]]);
    expect(second.total).toBe(3);

    const bad = await staff.get('/admin/tickets?status=pending');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'status is open or closed.', field: 'status' });
  });

  it('staff read one and mark it handled; the change is in the activity log', async () => {
    const number = numbers[1] ?? '';
    const one = AdminTicket.parse((await staff.get(`/admin/tickets/${number}`)).json());
    expect(one).toMatchObject({ number, subject: 'GST invoice', status: 'open' });

    const closed = await staff.post(`/admin/tickets/${number}/close`);
    expect(closed.statusCode).toBe(200);
    expect(AdminTicket.parse(closed.json()).status).toBe('closed');
    expect((await list('?status=closed')).data.map((ticket) => ticket.number)).toEqual([number]);
    expect((await list('?status=open')).counts).toEqual({ open: 2, closed: 1 });

    const { email, password } = await addStaff(shop, { role: 'owner' });
    const owner = adminClient(shop.app);
    await owner.signIn(email, password);
    const activity = AdminActivityResponse.parse((await owner.get('/admin/activity')).json());
    expect(activity.data.find((entry) => entry.action === 'ticket.close')).toMatchObject({
      actor: `staff:${staffEmail}`,
      subject: `ticket:${number}`,
      before: { status: 'open' },
      after: { status: 'closed' },
    });
    // Owners may close tickets too.
    expect((await owner.post(`/admin/tickets/${numbers[0]}/close`)).statusCode).toBe(200);
  });

  it('an unknown ticket is a 404; no session, no tickets; a forged close changes nothing', async () => {
    const missing = await staff.get('/admin/tickets/T-999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'No ticket has that number.' });

    expect((await adminClient(shop.app).get('/admin/tickets')).statusCode).toBe(401);
    const forged = await staff.send('POST', `/admin/tickets/${numbers[2]}/close`, {}, { 'x-csrf-token': 'wrong' });
    expect(forged.statusCode).toBe(403);
    expect(AdminTicket.parse((await staff.get(`/admin/tickets/${numbers[2]}`)).json()).status).toBe('open');
  });
});
