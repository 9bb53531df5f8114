import { describe, expect, it } from 'vitest';
import { adminClient } from '../admin-harness.js';
import { storeCommand, useCliShop } from './cli-harness.js';

const cli = useCliShop();
/** A merchant at a terminal, typing these answers. */
const atTerminal = (...answers: string[]) => storeCommand(cli.shop, cli.files.dir, answers);
/** A script piping the password in. */
const piped = (input: string) => storeCommand(cli.shop, cli.files.dir, [], { input });

describe('store staff', () => {
  it('adds an owner with the password asked twice on a terminal, who then signs in at /admin', async () => {
    const added = await atTerminal('a long shop password', 'a long shop password')(
      'staff',
      'add',
      'Owner@NetKart.in',
      '--name',
      'Asha Rao',
      '--role',
      'owner',
    );
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toContain('Added Asha Rao <owner@netkart.in> as owner of localhost.');
    expect(added.stdout).not.toContain('a long shop password');
    const signedIn = await adminClient(cli.shop.app).signIn('owner@netkart.in', 'a long shop password');
    expect(signedIn.statusCode).toBe(200);
  });

  it('reads the password from standard input in scripts, and adds staff of every store', async () => {
    const added = await piped('packing tape 42\n')(
      'staff',
      'add',
      'packer@netkart.in',
      '--name',
      'Ravi K',
      '--all-stores',
    );
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toContain('as orders staff of every store');
    const list = await cli.store('staff', 'list');
    expect(list.stdout).toMatch(/packer@netkart\.in\s+Ravi K\s+orders\s+all stores\s+off/);
    // Owners without two-factor sign-in are reminded.
    expect(list.stdout).toContain('owner@netkart.in is an owner without two-factor sign-in');
  });

  it('refuses two different passwords, a short one, an unknown role and a second account for one email', async () => {
    const differ = await atTerminal('a long shop password', 'another long password')(
      'staff',
      'add',
      'x@netkart.in',
      '--name',
      'X',
    );
    expect(differ).toMatchObject({ code: 1, stderr: 'Error: The two passwords differ. Nothing changed.\n' });
    const short = await piped('short\n')('staff', 'add', 'x@netkart.in', '--name', 'X');
    expect(short.stderr).toBe('Error: A staff password has at least 10 characters. Nothing changed.\n');
    const role = await piped('a long shop password\n')(
      'staff',
      'add',
      'x@netkart.in',
      '--name',
      'X',
      '--role',
      'admin',
    );
    expect(role.stderr).toBe("Error: 'admin' is not a role. The roles are: owner, catalogue, orders, read-only.\n");
    const twice = await piped('a long shop password\n')('staff', 'add', 'packer@netkart.in', '--name', 'X');
    expect(twice.stderr).toBe('Error: There is already a staff account for packer@netkart.in.\n');
    expect((await cli.store('staff', 'list')).stdout).not.toContain('x@netkart.in');
  });

  it('resets a password and ends the sessions; removes an account but never the only owner', async () => {
    const browser = adminClient(cli.shop.app);
    expect((await browser.signIn('packer@netkart.in', 'packing tape 42')).statusCode).toBe(200);
    const reset = await piped('new packing tape 43\n')('staff', 'reset-password', 'packer@netkart.in');
    expect(reset).toMatchObject({ code: 0 });
    expect((await browser.get('/admin/session')).statusCode).toBe(401);
    expect((await adminClient(cli.shop.app).signIn('packer@netkart.in', 'new packing tape 43')).statusCode).toBe(200);

    const onlyOwner = await cli.store('staff', 'remove', 'owner@netkart.in');
    expect(onlyOwner.stderr).toBe(
      'Error: owner@netkart.in is the only owner: add another owner before removing this one.\n',
    );
    const removed = await cli.store('staff', 'remove', 'packer@netkart.in');
    expect(removed.stdout).toBe('Removed Ravi K <packer@netkart.in>; their sessions have ended.\n');
    expect((await adminClient(cli.shop.app).signIn('packer@netkart.in', 'new packing tape 43')).statusCode).toBe(401);
  });

  it('turns two-factor sign-in on and prints the address for the authenticator app', async () => {
    const on = await cli.store('staff', 'two-factor', 'owner@netkart.in');
    expect(on.stdout).toMatch(/otpauth:\/\/totp\/.*owner%40netkart\.in\?.*secret=[A-Z2-7]+/);
    expect((await cli.store('staff', 'list')).stdout).not.toContain('without two-factor');
  });
});

describe('store --store <host> staff', () => {
  it('acts on that store’s account of an email alone, leaving the same email’s account in another store', async () => {
    await cli.shop.services.stores.create(
      'tools.example.in',
      {
        storeName: 'Tool Shed',
        companyName: 'Tool Shed LLP',
        companyAddress: 'Pune',
        companyEmail: 'hello@tools.example.in',
        companyPhone: '+91 20 4000 0000',
        companyLogoUrl: '',
        description: '',
        categories: [],
        categoryImages: {},
        policies: {},
      },
      { isDefault: false },
    );
    const tools = (...argv: string[]) => cli.store('--store', 'tools.example.in', ...argv);
    const pipedAt = (input: string, ...argv: string[]) => piped(input)('--store', 'tools.example.in', ...argv);
    const email = 'meera@netkart.in';
    expect((await piped('demo store password\n')('staff', 'add', email, '--name', 'Meera')).code).toBe(0);
    const added = await pipedAt('tool shed password\n', 'staff', 'add', email, '--name', 'Meera I', '--role', 'owner');
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toContain('Added Meera I <meera@netkart.in> as owner of tools.example.in.');

    // Each store lists its own account of the email (and the accounts of every store).
    expect((await tools('staff', 'list')).stdout).toMatch(/meera@netkart\.in\s+Meera I\s+owner\s+tools\.example\.in/);
    expect((await cli.store('staff', 'list')).stdout).toMatch(/meera@netkart\.in\s+Meera\s+orders\s+localhost/);
    expect((await cli.store('staff', 'list')).stdout).not.toContain('tools.example.in');

    expect((await pipedAt('new tool shed password\n', 'staff', 'reset-password', email)).code).toBe(0);
    const toolsOffice = () => adminClient(cli.shop.app, { host: 'tools.example.in' });
    expect((await toolsOffice().signIn(email, 'new tool shed password')).statusCode).toBe(200);
    expect((await adminClient(cli.shop.app).signIn(email, 'demo store password')).statusCode).toBe(200);

    expect((await tools('staff', 'two-factor', email)).stdout).toContain(
      'Two-factor sign-in is on for meera@netkart.in',
    );
    // The tool shed's only owner stays; the demo store's staff account goes.
    expect((await tools('staff', 'remove', email)).stderr).toBe(
      'Error: meera@netkart.in is the only owner: add another owner before removing this one.\n',
    );
    expect((await cli.store('staff', 'remove', email)).code).toBe(0);
    expect((await adminClient(cli.shop.app).signIn(email, 'demo store password')).statusCode).toBe(401);
    expect((await tools('staff', 'list')).stdout).toMatch(
      /meera@netkart\.in\s+Meera I\s+owner\s+tools\.example\.in\s+on/,
    );
  });
});
