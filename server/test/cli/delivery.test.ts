import { describe, expect, it } from 'vitest';
import { client } from '../harness.js';
import { useCliShop } from './cli-harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);

describe('store delivery', () => {
  it('shows the default rules, saying they are the default', async () => {
    const shown = await store('delivery', 'show');
    expect(shown.code).toBe(0);
    expect(shown.stderr).toContain('has set no delivery rules: these are the default ones.');
    expect(JSON.parse(shown.stdout)).toMatchObject({ serviceable: 'all', cutoff: '14:00' });
  });

  it('saves a rules file, which the PIN answer then follows, and shows it back', async () => {
    const rules = {
      serviceable: 'zones',
      zones: [{ name: 'Pune', prefixes: ['411'], transitDays: { min: 1, max: 2 } }],
      dispatchDays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'],
      cutoff: '11:30',
      holidays: ['2026-12-25'],
    };
    cli.files.write('rules.json', JSON.stringify(rules));
    const saved = await store('delivery', 'set', '--file', 'rules.json');
    expect(saved).toMatchObject({ code: 0, stderr: '' });
    expect(saved.stdout).toContain('1 zone, dispatch Mon Tue Wed Thu Fri, cut-off 11:30 India time, 1 holiday.');
    const http = client(cli.shop.app);
    expect((await http.get('/pincodes/560001')).json()).toMatchObject({ serviceable: false, estimate: null });
    expect((await http.get('/pincodes/411038')).json()).toMatchObject({ serviceable: true });
    const shown = await store('delivery', 'show');
    expect(shown.stderr).toBe('');
    expect(JSON.parse(shown.stdout)).toMatchObject({ ...rules, zones: [{ name: 'Pune', prefixes: ['411'] }] });
    expect(await store('delivery', 'set', '--default')).toMatchObject({ code: 0 });
    expect((await http.get('/pincodes/560001')).json()).toMatchObject({ serviceable: true });
  });

  it('refuses a bad file naming each field, and keeps the rules it had', async () => {
    cli.files.write('bad.json', JSON.stringify({ serviceable: 'all', dispatchDays: [], cutoff: '25:00' }));
    const result = await store('delivery', 'set', '--file', 'bad.json');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('bad.json was not saved:');
    expect(result.stderr).toContain('dispatchDays: dispatchDays must name at least one weekday.');
    expect(result.stderr).toContain('cutoff: cutoff must be a time of day in India time, like "14:00".');
    expect((await store('delivery', 'show')).stderr).toContain('these are the default ones');
  });
});
