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

  it('refuses a second account for the same email', async () => {
    const { email } = await signUp(shop.app);
    const again = await client(shop.app).post('/users/register', {
      email: email.toUpperCase(),
      password: 'another1',
      firstName: 'Asha',
      lastName: 'Rao',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An account with this email already exists.' });
  });

  it('welcomes the new shopper by email once, and nobody for a refused registration', async () => {
    const { email } = await signUp(shop.app);
    await client(shop.app).post('/users/register', {
      email,
      password: 'another1',
      firstName: 'Asha',
      lastName: 'Rao',
    });
    const welcome = await shop.db.selectFrom('outbox').selectAll().where('recipient', '=', email).execute();
    expect(welcome.map((row) => [row.kind, row.subject])).toEqual([['account.welcome', 'Welcome to NetKart']]);
    expect(welcome[0]?.text).toContain(`Welcome, Asha. Your NetKart account is ready; you sign in with ${email}.`);
    expect(welcome[0]?.text).toContain('http://localhost/forgot-password');
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
    expect(user.password_hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
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
