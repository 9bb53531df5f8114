import { GST_STATES, type GstState, stateByName } from '@netkart/contract';

/**
 * India Post's open directories name states as they were years ago. This is our own table that
 * brings a PIN's state up to today's, as GST knows it; every row the shop loads (its own file or a
 * merchant's import) passes through it, so an old file cannot bring an old state back.
 */

/** Old or other spellings of a state, as the directories write them, and today's GST name. */
const STATE_NAMES: Record<string, GstState['name']> = {
  'andaman & nicobar': 'Andaman and Nicobar Islands',
  'andaman and nicobar': 'Andaman and Nicobar Islands',
  chattisgarh: 'Chhattisgarh',
  pondicherry: 'Puducherry',
  orissa: 'Odisha',
  uttaranchal: 'Uttarakhand',
  'nct of delhi': 'Delhi',
  // Merged into one union territory on 26 January 2020 (GST code 26; Daman and Diu's 25 is gone).
  'dadra and nagar haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'daman and diu': 'Dadra and Nagar Haveli and Daman and Diu',
};

/** Districts that left their state: the state they were listed under, the district, the state today. */
const DISTRICT_MOVES: { from: GstState['name']; districts: string[]; to: GstState['name'] }[] = [
  // Telangana, formed 2 June 2014 from these ten districts of Andhra Pradesh (and their later splits).
  {
    from: 'Andhra Pradesh',
    districts: [
      'adilabad',
      'hyderabad',
      'karimnagar',
      'khammam',
      'mahabubnagar',
      'mahbubnagar',
      'medak',
      'nalgonda',
      'nizamabad',
      'rangareddy',
      'ranga reddy',
      'k.v.rangareddy',
      'k.v. rangareddy',
      'warangal',
    ],
    to: 'Telangana',
  },
  // Ladakh, a union territory since 31 October 2019: Leh and Kargil districts of Jammu and Kashmir.
  { from: 'Jammu and Kashmir', districts: ['leh', 'leh ladakh', 'kargil'], to: 'Ladakh' },
];

const simple = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase().replace(/&/g, 'and');

/** Today's state of a PIN's district as a directory lists it; undefined for a name that is no state. */
export function currentState(stateAsListed: string, district: string): GstState | undefined {
  const listed = stateByName(STATE_NAMES[simple(stateAsListed)] ?? stateAsListed);
  if (!listed) return undefined;
  const wantedDistrict = simple(district);
  const move = DISTRICT_MOVES.find((m) => m.from === listed.name && m.districts.includes(wantedDistrict));
  return move ? stateByName(move.to) : listed;
}

export const stateOfCode = (code: string): GstState | undefined => GST_STATES.find((state) => state.code === code);
