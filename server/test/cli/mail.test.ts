import { describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS } from '../../src/modules/messages/outbox.js';
import { MailSender } from '../../src/modules/messages/sender.js';
import { client, orderableProducts, signUp, validAddress } from '../harness.js';
import { startSmtpPeer } from '../smtp-peer.js';
import { useCliShop } from './cli-harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);

const rows = () => cli.shop.db.selectFrom('outbox').selectAll().orderBy('kind').execute();

describe('store mail', () => {
  it('lists the emails, shows the failed ones, and sends a failed one again', async () => {
    expect((await store('mail', 'list')).stdout).toBe('No emails yet.\n');

    const shopper = await signUp(cli.shop.app);
    // This test follows an order's emails: the registration's welcome is set aside.
    await cli.shop.db.deleteFrom('outbox').where('kind', '=', 'account.welcome').execute();
    const [product] = await orderableProducts(cli.shop.app);
    const placed = await client(cli.shop.app).post(
      '/orders',
      { lines: [{ productId: product?.id, quantity: 1 }], shippingAddress: validAddress },
      shopper.token,
    );
    expect(placed.statusCode).toBe(201);
    const orderId = (placed.json() as { id: string }).id;

    const peer = await startSmtpPeer();
    const sender = new MailSender(cli.shop.services.outbox, cli.shop.services.stores, {
      smtpUrl: peer.url,
      outboxDir: cli.files.dir,
    });
    try {
      // The SMTP server turns the shop away for a whole day: the emails are given up.
      peer.refusing = true;
      const created = Date.parse((await rows())[0]?.created_at ?? '');
      await sender.runOnce(created + GIVE_UP_AFTER_MS + 1);

      const listed = await store('mail', 'list');
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(/^ID\s+WHEN\s+TO\s+SUBJECT\s+STATUS\s+ATTEMPTS\s+LAST ERROR$/m);
      expect(listed.stdout).toContain(shopper.email);
      expect(listed.stdout).toContain(`Order ${orderId} placed | NetKart`);
      expect(listed.stdout).toMatch(/failed\s+1\s+.*Try again later/);

      const failed = await store('mail', 'list', '--failed');
      expect(failed.stdout.trim().split('\n')).toHaveLength(4);

      const toShopper = (await rows()).find((row) => row.kind === 'order.placed');
      if (!toShopper) throw new Error('no email to the shopper');
      const retried = await store('mail', 'retry', toShopper.id);
      expect(retried.code).toBe(0);
      expect(retried.stdout).toContain(`"Order ${orderId} placed | NetKart" is due now`);
      expect((await rows()).map((row) => row.status)).toEqual(['failed', 'pending']);

      peer.refusing = false;
      expect(await sender.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(peer.received.map((mail) => mail.envelopeTo)).toEqual([[shopper.email]]);
      expect((await store('mail', 'list', '--failed')).stdout).not.toContain(shopper.email);

      const again = await store('mail', 'retry', toShopper.id);
      expect(again).toMatchObject({ code: 1, stderr: 'Error: That message was sent already.\n' });
      expect(await store('mail', 'retry', 'no-such-id')).toMatchObject({
        code: 1,
        stderr: 'Error: No message has that id.\n',
      });

      // The mail server is back after an outage: everything that failed goes out again at once.
      const all = await store('mail', 'retry', '--all');
      expect(all).toMatchObject({ code: 0, stdout: '1 email is due now; the shop sends them within a minute.\n' });
      expect(await sender.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(peer.received).toHaveLength(2);
      expect((await store('mail', 'retry', '--all')).stdout).toBe('No email is waiting or failed.\n');
      expect((await store('mail', 'retry')).code).toBe(2);
      expect((await store('mail', 'retry', toShopper.id, '--all')).code).toBe(2);
    } finally {
      sender.close();
      await peer.close();
    }
  });
});
