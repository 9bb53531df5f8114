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
