import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPOSITORY = path.resolve(import.meta.dirname, '../..');
const UNIT = path.join(REPOSITORY, 'deploy/systemd/shop.service');
const systemdAnalyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((file) => fs.existsSync(file));

/** The unit's settings, key → values (a key may repeat). */
function settingsOf(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match?.[1]) settings.set(match[1], [...(settings.get(match[1]) ?? []), match[2] ?? '']);
  }
  return settings;
}

describe('the systemd unit the README installs', () => {
  it('restarts the shop after a crash, reads the settings file and starts the production build', () => {
    const settings = settingsOf(fs.readFileSync(UNIT, 'utf8'));
    expect(settings.get('Restart')).toEqual(['on-failure']);
    expect(settings.get('EnvironmentFile')).toEqual(['/etc/shop.env']);
    expect(settings.get('KillSignal')).toEqual(['SIGTERM']);
    expect(settings.get('WantedBy')).toEqual(['multi-user.target']);
    const [command] = settings.get('ExecStart') ?? [];
    expect(command).toBe('/usr/bin/node scripts/start.mjs');
    expect(fs.existsSync(path.join(REPOSITORY, 'scripts/start.mjs'))).toBe(true);
    // The shop writes only its data folder; the build is made before the service starts (README, step 8).
    expect(settings.get('ReadWritePaths')).toEqual(['/srv/shop/data']);
  });

  it.skipIf(!systemdAnalyze)('passes systemd-analyze verify where this checkout stands in for /srv/shop', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-unit-'));
    try {
      const unit = fs
        .readFileSync(UNIT, 'utf8')
        .replaceAll('/srv/shop/data', dir)
        .replaceAll('/srv/shop', REPOSITORY)
        .replace('/usr/bin/node', process.execPath);
      const file = path.join(dir, 'shop.service');
      fs.writeFileSync(file, unit);
      const verified = spawnSync(systemdAnalyze ?? '', ['verify', file], { cwd: dir, encoding: 'utf8' });
      expect(verified.status).toBe(0);
      expect(verified.stderr.split('\n').filter((line) => line.includes('shop.service'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

const SITE = path.join(REPOSITORY, 'deploy/nginx/shop.conf');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));

/** nginx's size (`5130k`, `2m`) in bytes. */
function bytesOf(size: string): number {
  const match = /^(\d+)([km]?)$/i.exec(size);
  if (!match) throw new Error(`not an nginx size: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 * 1024 }[(match[2] ?? '').toLowerCase()] ?? 1;
  return Number(match[1]) * unit;
}

/** The body limit nginx applies to a location's block, or to the server outside any location. */
function bodyLimit(site: string, location?: string): number {
  const block = location
    ? site.slice(site.indexOf(`location ${location} {`))
    : site.replace(/location [^{]+\{[^}]*\}/g, '');
  const match = /client_max_body_size\s+(\S+);/.exec(location ? block.slice(0, block.indexOf('}')) : block);
  if (!match?.[1]) throw new Error(`no client_max_body_size for ${location ?? 'the server'}`);
  return bytesOf(match[1]);
}

describe('the nginx site the README installs', () => {
  const site = fs.readFileSync(SITE, 'utf8');
  // A multipart form adds a few hundred bytes around the file; more than 16 KB over would let bigger bodies in.
  const fits = (limit: number, file: number) => limit >= file + 1024 && limit <= file + 16 * 1024;

  it('takes a body as large as the product form promises, and a catalogue as large as the import takes', async () => {
    const { PICTURE_MAX_BYTES } = await import('@netkart/contract');
    const { CATALOGUE_MAX_BYTES } = await import('../src/modules/admin/product-routes.js');
    const form = fs.readFileSync(
      path.join(REPOSITORY, 'web/src/admin/products/components/PicturesSection.tsx'),
      'utf8',
    );
    expect(form).toContain(`up to ${PICTURE_MAX_BYTES / 1024 / 1024} MB`);
    expect(fits(bodyLimit(site), PICTURE_MAX_BYTES)).toBe(true);
    expect(fits(bodyLimit(site, '= /api/v1/admin/products/import'), CATALOGUE_MAX_BYTES)).toBe(true);
  });

  it.skipIf(!NGINX)('passes `nginx -t` once the certificates exist (self-signed here, certbot for real)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-site-'));
    try {
      const made = spawnSync(
        'openssl',
        ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=shop.example'].concat([
          '-keyout',
          path.join(dir, 'privkey.pem'),
          '-out',
          path.join(dir, 'fullchain.pem'),
        ]),
        { encoding: 'utf8' },
      );
      expect(made.status).toBe(0);
      fs.writeFileSync(path.join(dir, 'shop.conf'), site.replaceAll('/etc/letsencrypt/live/shop.example', dir));
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents {}\nhttp {\n  include ${dir}/shop.conf;\n}\n`,
      );
      const tested = spawnSync(NGINX ?? '', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
        encoding: 'utf8',
      });
      expect(tested.stderr).toContain('syntax is ok');
      expect(tested.stderr).toContain('test is successful');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * An environment file as systemd reads it (systemd.exec(5), EnvironmentFile=): `#` and `;` lines
 * are comments; `NAME=value`, blanks around the name and before the value dropped; a value in
 * double quotes (where `\` escapes `"`, `\`, `$` and a backquote) or single quotes is taken as
 * it stands inside them; an unquoted value is taken as written, trailing blanks dropped. No
 * variable is ever expanded.
 */
function systemdEnvironment(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const equals = line.indexOf('=');
    if (equals < 1) throw new Error(`systemd ignores this line: ${raw}`);
    const name = line.slice(0, equals).trim();
    const rest = line.slice(equals + 1).trim();
    if (rest.startsWith('"')) {
      const closing = rest.lastIndexOf('"');
      if (closing < 1) throw new Error(`an unclosed quote: ${raw}`);
      values[name] = rest.slice(1, closing).replace(/\\(["\\$`])/g, '$1');
    } else if (rest.startsWith("'")) {
      const closing = rest.lastIndexOf("'");
      if (closing < 1) throw new Error(`an unclosed quote: ${raw}`);
      values[name] = rest.slice(1, closing);
    } else {
      values[name] = rest;
    }
  }
  return values;
}

/** The same file sourced by bash as the README does it (`set -a; . file; set +a`): the variables it sets. */
function shellEnvironment(file: string, names: string[]): Record<string, string> {
  const read = spawnSync(
    'bash',
    [
      '-c',
      `set -a; . "$0" || exit 3; set +a; exec "${process.execPath}" -e 'process.stdout.write(JSON.stringify(process.env))'`,
      file,
    ],
    { env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, encoding: 'utf8' },
  );
  if (read.status !== 0) throw new Error(`bash could not read ${file}: ${read.stderr}`);
  const all = JSON.parse(read.stdout) as Record<string, string>;
  return Object.fromEntries(names.map((name) => [name, all[name] ?? '(unset)']));
}

describe('the settings file, read by systemd and by the shell alike', () => {
  const readme = fs.readFileSync(path.join(REPOSITORY, 'README.md'), 'utf8');
  const fromReadme = /<!-- shop\.env: begin -->\s*```sh\n([\s\S]*?)```\s*<!-- shop\.env: end -->/.exec(readme)?.[1];
  const files = {
    "the README's /etc/shop.env": (fromReadme ?? '').replace(/^ {3}/gm, ''),
    '.env.example': fs.readFileSync(path.join(REPOSITORY, '.env.example'), 'utf8'),
  };

  it.each(Object.entries(files))('%s gives both the same values', (_name, text) => {
    expect(text.trim()).not.toBe('');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-env-'));
    try {
      const file = path.join(dir, 'shop.env');
      fs.writeFileSync(file, text);
      const systemd = systemdEnvironment(text);
      expect(shellEnvironment(file, Object.keys(systemd))).toEqual(systemd);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps the README's sender with its spaces and angle brackets", () => {
    expect(systemdEnvironment(files["the README's /etc/shop.env"]).MAIL_FROM).toBe('NetKart <shop@example.in>');
  });

  it('is what the unit reads, and the recipe makes the shop user and its folders first', () => {
    expect(settingsOf(fs.readFileSync(UNIT, 'utf8')).get('EnvironmentFile')).toEqual(['/etc/shop.env']);
    const recipe = readme.slice(readme.indexOf('## Run it for real'), readme.indexOf('## Scaling'));
    const order = [
      'useradd --system',
      'install -d -o shop',
      'install -m 640 -o root -g shop',
      'certbot certonly',
      'nginx -t && systemctl reload nginx',
    ];
    const positions = order.map((step) => recipe.indexOf(step));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // The backup folder the cron line writes into is made, and the cron line reads the settings.
    expect(recipe).toContain('/srv/shop/backups');
    expect(readme).toMatch(
      /15 3 \* \* \* set -a; \. \/etc\/shop\.env; set \+a; cd \/srv\/shop && npm run -s store -- backup backups\//,
    );
  });
});
