import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../src/app.js';
import { client, signUp, startShop, type TestShop } from './harness.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

describe('POST /users/register', () => {
  it('creates an account with a trimmed, lower-cased email', async () => {
    const http = client(shop.app);
    const response = await http.post('/users/register', {
      email: '  Priya.Sharma@Example.IN ',
      password: 'secret12',
      firstName: 'Priya',
      lastName: 'Sharma',
    });
    expect(response.statusCode).toBe(201);
    const login = await http.post('/users/authorize', { email: 'priya.sharma@example.in', password: 'secret12' });
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toMatch(/^[\w-]{40,}$/);
  });

  it('answers a known email exactly like a new one, and creates nothing', async () => {
    const { email, password } = await signUp(shop.app);
    const http = client(shop.app);
    const body = (address: string) => ({ email: address, password: 'another1', firstName: 'Asha', lastName: 'Rao' });
    const again = await http.post('/users/register', body(email.toUpperCase()));
    const fresh = await http.post('/users/register', body(`new.${email}`));
    expect(again.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(again.json().message).toBe(fresh.json().message);
    expect(again.json().id).not.toBe(fresh.json().id);
    // The account is as it was: its own password signs in, the one just typed does not.
    expect((await http.post('/users/authorize', { email, password })).statusCode).toBe(200);
    expect((await http.post('/users/authorize', { email, password: 'another1' })).statusCode).toBe(401);
    const users = await shop.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    expect(users[0]?.id).not.toBe(again.json().id);
  });

  it('welcomes the new shopper by email once; a second registration tells the owner, repeating nothing typed', async () => {
    const { email } = await signUp(shop.app);
    await client(shop.app).post('/users/register', {
      email,
      password: 'another1',
      firstName: 'Visit evil.example',
      lastName: 'Rao',
    });
    const mails = await shop.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', email)
      .orderBy('created_at')
      .execute();
    expect(mails.map((row) => [row.kind, row.subject])).toEqual([
      ['account.welcome', 'Welcome to NetKart'],
      ['account.registered-again', 'Someone tried to create an account with your email | NetKart'],
    ]);
    const [welcome, again] = mails;
    expect(welcome?.text).toContain(`Welcome, Asha. Your NetKart account is ready; you sign in with ${email}.`);
    expect(welcome?.text).toContain('http://localhost/forgot-password');
    expect(again?.text).toContain(`Someone tried to create a NetKart account with your email, ${email}.`);
    expect(again?.text).toContain('no new one was made and your password is unchanged');
    expect(again?.text).toContain('http://localhost/forgot-password');
    expect(again?.text).not.toContain('evil.example');
  });

  it('greets a new shopper by a name that looks like no link, and cut to 60 characters', async () => {
    const http = client(shop.app);
    const linkName = 'link.registered@example.in';
    const longName = 'long.registered@example.in';
    const register = (email: string, firstName: string) =>
      http.post('/users/register', { email, password: 'secret12', firstName, lastName: 'Rao' });
    expect((await register(linkName, 'www.win-a-prize.example')).statusCode).toBe(201);
    expect((await register(longName, 'A'.repeat(80))).statusCode).toBe(201);
    const textTo = async (email: string) =>
      (await shop.db.selectFrom('outbox').select('text').where('recipient', '=', email).executeTakeFirst())?.text;
    const linkText = await textTo(linkName);
    expect(linkText).toContain('Welcome. Your NetKart account is ready');
    expect(linkText).not.toContain('win-a-prize');
    expect(await textTo(longName)).toContain(`Welcome, ${'A'.repeat(60)}. Your NetKart account is ready`);
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret12', firstName: 'Ab', lastName: 'Cd' }, 'Invalid email address'],
    [{ email: 'a@b.in', password: '123', firstName: 'Ab', lastName: 'Cd' }, 'Password must be at least 6 characters'],
    [
      { email: 'a@b.in', password: 'secret12', firstName: 'A', lastName: 'Cd' },
      'First name must be at least 2 characters',
    ],
    [
      { email: 'a@b.in', password: 'secret12', firstName: 'Ab', lastName: ' ' },
      'Last name must be at least 2 characters',
    ],
    [{ email: 'a@b.in', password: 'secret12', firstName: 'Ab' }, 'Last name is required.'],
    [{ email: 42, password: 'secret12', firstName: 'Ab', lastName: 'Cd' }, 'Email is required.'],
  ])('rejects %j with a clear message', async (body, message) => {
    const response = await client(shop.app).post('/users/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message });
  });
});

describe('POST /users/authorize', () => {
  it('answers a wrong password and an unknown email alike', async () => {
    const { email } = await signUp(shop.app);
    const http = client(shop.app);
    const wrong = await http.post('/users/authorize', { email, password: 'wrong-password' });
    const unknown = await http.post('/users/authorize', { email: 'nobody@example.in', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ error: 'Invalid email or password.' });
  });
});

describe('stored passwords', () => {
  it("are hashed with scrypt at OWASP's cost by the shop's own services, and sign in", async () => {
    const { accounts } = createServices(shop.db);
    const user = await accounts.register(shop.storeId, {
      email: 'owasp@example.in',
      password: 'a long passphrase',
      firstName: 'Asha',
      lastName: 'Rao',
    });
    expect(user?.password_hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    const token = await accounts.authorize(shop.storeId, { email: 'owasp@example.in', password: 'a long passphrase' });
    expect(await client(shop.app).get('/accountInfo', token)).toMatchObject({ statusCode: 200 });
  });
});

describe('GET /accountInfo and POST /users/logout', () => {
  it('returns the signed-in shopper and nothing after logout', async () => {
    const { email, token } = await signUp(shop.app);
    const http = client(shop.app);
    const info = await http.get('/accountInfo', token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ firstName: 'Asha', lastName: 'Rao', email });
    expect(Number.isNaN(Date.parse(info.json().createdAt))).toBe(false);
    expect(info.json()).not.toHaveProperty('password_hash');

    expect((await http.post('/users/logout', {}, token)).statusCode).toBe(204);
    const after = await http.get('/accountInfo', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBeTruthy();
  });

  it('refuses a missing, malformed or invented token', async () => {
    const http = client(shop.app);
    expect((await http.get('/accountInfo')).statusCode).toBe(401);
    expect((await http.get('/accountInfo', 'x'.repeat(5000))).statusCode).toBe(401);
    const raw = await http.raw({ method: 'GET', url: '/api/v1/accountInfo', headers: { authorization: 'Basic abc' } });
    expect(raw.statusCode).toBe(401);
  });

  it('does not accept a token of one store at another', async () => {
    const { token } = await signUp(shop.app);
    const other = await shop.services.stores.create(
      'other.example',
      {
        ...(await client(shop.app).get('/storeInfo')).json(),
        storeName: 'Other',
      },
      { isDefault: false },
    );
    expect(other.host).toBe('other.example');
    const elsewhere = await client(shop.app, { host: 'api.other.example' }).get('/accountInfo', token);
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('slows repeated failed logins for one email but lets the right password through elsewhere', async () => {
    const limited = await startShop({ rateLimits: { loginFailuresPerEmail: 3 } });
    try {
      const { email, password } = await signUp(limited.app);
      const http = client(limited.app);
      for (let i = 0; i < 3; i++) {
        expect((await http.post('/users/authorize', { email, password: 'nope-nope' })).statusCode).toBe(401);
      }
      const blocked = await http.post('/users/authorize', { email, password });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
      expect(blocked.json().error).toMatch(/Too many failed sign-ins/);
    } finally {
      await limited.close();
    }
  });

  it('limits registrations per network', async () => {
    const limited = await startShop({ rateLimits: { registrationsPerIp: 2 } });
    try {
      const http = client(limited.app);
      const register = (n: number) =>
        http.post('/users/register', {
          email: `r${n}@example.in`,
          password: 'secret12',
          firstName: 'Ab',
          lastName: 'Cd',
        });
      expect((await register(1)).statusCode).toBe(201);
      expect((await register(2)).statusCode).toBe(201);
      const third = await register(3);
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toMatch(/Too many registrations/);
    } finally {
      await limited.close();
    }
  });
});
