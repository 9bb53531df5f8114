import { describe, expect, it } from 'vitest';
import { client } from '../harness.js';
import { useCliShop } from './cli-harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);

describe('store pincodes', () => {
  it('shows a PIN with its district, today’s state and its GST state code', async () => {
    expect(await store('pincodes', 'show', '500001')).toEqual({
      code: 0,
      stdout: '500001  Hyderabad, Telangana (state code 36)\n',
      stderr: '',
    });
    const unknown = await store('pincodes', 'show', '999999');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('PIN code 999999 is not in the directory.');
  });

  it('imports an India Post file, correcting old states, and reports the counts', async () => {
    cli.files.write(
      'pins.csv',
      [
        'officename,pincode,districtname,statename',
        'Nampally S.O,500001,Hyderabad,ANDHRA PRADESH',
        'Leh S.O,194101,Leh,JAMMU & KASHMIR',
        'New Office,999997,North Goa,GOA',
        'Pune City S.O,411038,Pune City,MAHARASHTRA',
      ].join('\n'),
    );
    expect(await store('pincodes', 'import', 'pins.csv')).toEqual({
      code: 0,
      stdout: 'Imported 4 PIN codes: 1 added, 1 changed, 2 unchanged.\n',
      stderr: '',
    });
    const answer = await client(cli.shop.app).get('/pincodes/999997');
    expect(answer.json()).toMatchObject({ district: 'North Goa', state: 'Goa', stateCode: '30' });
  });

  it('refuses a file with bad rows, naming each line, and writes nothing', async () => {
    cli.files.write(
      'bad.csv',
      'pincode,district,state\n999996,Panaji,Goa\n99999,Panaji,Goa\n999995,Nowhere,Atlantis\n',
    );
    const result = await store('pincodes', 'import', 'bad.csv');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('2 of 3 rows refused; nothing was imported:');
    expect(result.stderr).toContain('line 3: "99999" is not a PIN code: 6 digits, not starting with 0.');
    expect(result.stderr).toContain('line 4: PIN 999995: "Atlantis" is not a state or union territory of India.');
    expect((await client(cli.shop.app).get('/pincodes/999996')).statusCode).toBe(404);

    cli.files.write('no-state.csv', 'pincode,district\n999996,Panaji\n');
    const missing = await store('pincodes', 'import', 'no-state.csv');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('must name the columns pincode, district and state (missing: state)');
  });
});
