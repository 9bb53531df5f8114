import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect } from '@playwright/test';
import { orderOneProduct, test, waitForInteractivePages } from './support';

/**
 * The README's "Run it for real" recipe, followed: Debian's nginx with the shipped site file
 * (deploy/nginx/shop.conf) terminates TLS for shop.test and api.shop.test with a self-signed
 * certificate and passes everything to the shop, which trusts only that proxy (TRUST_PROXY).
 */
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
const HTTPS_PORT = Number(process.env.E2E_HTTPS_PORT ?? 8443);
const HTTP_PORT = HTTPS_PORT + 1;
const SHOP = 'shop.test';
const SITE = path.resolve(import.meta.dirname, '../../deploy/nginx/shop.conf');

test.describe('behind nginx over https, as the README deploys it', () => {
  test.skip(!NGINX, 'nginx is not installed (apt-get install nginx)');
  let dir: string;
  let nginx: ChildProcess;
  let browser: Browser;

  test.beforeAll(async ({ playwright, launchOptions, baseURL }) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nginx-'));
    fs.chmodSync(dir, 0o755);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${SHOP}`,
        '-addext',
        `subjectAltName=DNS:${SHOP},DNS:api.${SHOP}`,
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    // The shipped site file, with this machine's names, ports and certificate put in.
    const site = fs
      .readFileSync(SITE, 'utf8')
      .replaceAll('shop.example', SHOP)
      .replace('server 127.0.0.1:8044;', `server 127.0.0.1:${new URL(baseURL ?? '').port};`)
      .replace('listen 443 ssl', `listen ${HTTPS_PORT} ssl`)
      .replace('listen 80;', `listen ${HTTP_PORT};`)
      .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${path.join(dir, 'cert.pem')};`)
      .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${path.join(dir, 'key.pem')};`);
    fs.writeFileSync(path.join(dir, 'shop.conf'), site);
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `${process.getuid?.() === 0 ? 'user root;\n' : ''}pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  include ${dir}/shop.conf;\n}\n`,
    );
    nginx = spawn(NGINX as string, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'inherit',
    });
    for (let attempt = 0; ; attempt += 1) {
      const up = await fetch(`http://127.0.0.1:${HTTP_PORT}/`, { redirect: 'manual' }).then(
        (response) => response.status === 301,
        () => false,
      );
      if (up) break;
      if (attempt > 100 || nginx.exitCode !== null) throw new Error('nginx did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    browser = await playwright.chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${SHOP} 127.0.0.1, MAP api.${SHOP} 127.0.0.1`],
    });
  });
  test.afterAll(async () => {
    await browser?.close();
    nginx?.kill('SIGQUIT');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('plain http goes to https, and a shopper pays through the sandbox and comes back over https', async ({
    request,
  }) => {
    // fetch() may not set Host; a plain request can, as a browser typing http://shop.test/products would.
    const location = await new Promise<string | undefined>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port: HTTP_PORT, path: '/products', headers: { host: SHOP } }, (response) => {
          response.resume();
          resolve(response.headers.location);
        })
        .on('error', reject),
    );
    expect(location).toBe(`https://${SHOP}/products`);

    const shop = `https://${SHOP}:${HTTPS_PORT}`;
    const context = waitForInteractivePages(await browser.newContext({ baseURL: shop, ignoreHTTPSErrors: true }));
    const page = await context.newPage();
    const orderId = await orderOneProduct(page, request);
    // The gateway was reached on the api. host over https, and sends the payer back over https.
    expect(page.url().startsWith(`https://api.${SHOP}:${HTTPS_PORT}/`)).toBe(true);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(`${shop}/order-success?orderId=${orderId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });

  test('takes a picture as large as the product form promises, and refuses what the shop would refuse', async () => {
    /** A multipart body of `size` bytes posted to the picture upload over https, through nginx: its status. */
    const post = (size: number) =>
      new Promise<number>((resolve, reject) => {
        const upload = https.request(
          {
            host: '127.0.0.1',
            port: HTTPS_PORT,
            servername: SHOP,
            rejectUnauthorized: false,
            method: 'POST',
            path: '/api/v1/admin/pictures',
            headers: {
              host: SHOP,
              'content-type': 'multipart/form-data; boundary=x',
              'content-length': size,
              // nginx answers a body too large before it is sent, as browsers' uploads see it.
              expect: '100-continue',
            },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        upload.on('error', reject);
        upload.on('continue', () => upload.end(Buffer.alloc(size)));
      });
    // A 4.3 MB photo reaches the shop (which asks who is signing in); nginx used to answer 413 over 2 MB.
    expect(await post(Math.round(4.3 * 1024 * 1024))).not.toBe(413);
    expect(await post(6 * 1024 * 1024)).toBe(413);
  });
});
