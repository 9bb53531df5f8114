// @vitest-environment node
import { INDIAN_MOBILE_MESSAGE, type PaymentField } from '@netkart/contract';
import { describe, expect, it } from 'vitest';
import {
  applyMask,
  fieldError,
  fieldsFrom,
  initialValues,
  isVisible,
  missingRequired,
  normalisePhone,
  parsePattern,
  phoneDigitsAllowed,
  prefilledValues,
  providerFrom,
  qrImageSource,
  submittedValues,
  validate,
} from './payment-fields';

const field = (overrides: Partial<PaymentField>): PaymentField => ({
  name: 'f',
  label: 'F',
  type: 'text',
  ...overrides,
});
const phone = (rules: PaymentField['rules'] = {}, rulesMessages?: string[]) =>
  field({ name: 'mobile', type: 'tel', rules, ...(rulesMessages ? { rulesMessages } : {}) });

describe('fieldsFrom', () => {
  it.each([
    [[field({ name: 'a' })], ['a']],
    [{ fields: [field({ name: 'b' })] }, ['b']],
    [{ other: [] }, []],
    ['text', []],
    [null, []],
    [[{ label: 'no name' }, field({ name: 'c' })], ['c']],
  ])('%j', (body, names) => {
    expect(fieldsFrom(body).map((item) => item.name)).toEqual(names);
  });
});

describe('providerFrom', () => {
  it.each([
    [{ provider: 'none', fields: [] }, 'none'],
    [{ provider: 'sandbox', fields: [] }, 'sandbox'],
    [[], undefined],
    [{ provider: 3 }, undefined],
  ])('%j → %s', (body, provider) => {
    expect(providerFrom(body)).toBe(provider);
  });
});

describe('phone rules', () => {
  it.each([
    ['9845012345', '+919845012345'],
    ['+91 98450 12345', '+919845012345'],
    ['+91984501234567', '+919845012345'],
    ['abc', '+91'],
    ['', '+91'],
  ])('normalises %s to %s', (input, output) => {
    expect(normalisePhone(input, 10)).toBe(output);
  });

  // A paste lands either over the whole field or after the +91 already in it.
  it.each(['+91 98450 12345', '098450 12345', '9845012345', '+91-98450-12345', '+919845012345', '91 98450 12345'])(
    'keeps the ten digits of a pasted %s',
    (pasted) => {
      expect(normalisePhone(pasted, 10)).toBe('+919845012345');
      expect(normalisePhone(`+91${pasted}`, 10)).toBe('+919845012345');
    },
  );

  it('still builds a number typed one digit at a time, a leading 0 included', () => {
    let value = '+91';
    for (const key of '09845012345') value = normalisePhone(value + key, 10);
    expect(value).toBe('+919845012345');
  });

  it('ends as the mobile number when +91 98450 12345 is typed key by key, the country code included', () => {
    let value = '';
    for (const key of '+91 98450 12345') value = normalisePhone(value + key, 10);
    expect(value).toBe('+919845012345');
  });

  it.each(['+911234567890', '+915845012345'])('refuses %s: a mobile starts with 6, 7, 8 or 9', (value) => {
    expect(fieldError(phone({ required: true, minLength: 13, maxLength: 13 }), value)).toBe(INDIAN_MOBILE_MESSAGE);
    expect(fieldError(phone({ required: true, minLength: 13, maxLength: 13 }), '+919845012345')).toBeUndefined();
  });

  it('allows the rules’ max length minus 3 digits', () => {
    expect(phoneDigitsAllowed(phone())).toBe(10);
    expect(phoneDigitsAllowed(phone({ maxLength: 15 }))).toBe(12);
  });

  it.each([
    [phone({ required: true }), '+91', 'This field is required'],
    [phone({ required: true }, ['Enter your mobile']), '+91', 'Enter your mobile'],
    [phone(), '+91', undefined],
    [phone(), '9845012345', 'Phone number must start with +91'],
    [phone(), '+9198450', 'Phone number must be 13 characters (including +91)'],
    [phone(), '+919845012345', undefined],
    [phone({ minLength: 13 }), '+9198450', 'Phone number must have at least 13 characters'],
    [phone({ maxLength: 12 }), '+919845012345', 'Phone number must have no more than 12 characters'],
    [phone({ pattern: '/^\\+91[6-9]\\d{9}$/' }), '+915845012345', 'Invalid phone number format'],
    [phone({ pattern: '^\\+91[6-9]\\d{9}$' }), '+919845012345', undefined],
  ])('%j with %s → %s', (definition, value, message) => {
    expect(fieldError(definition, value)).toBe(message);
  });

  it('pre-fills a required phone with +91 and a checkbox with false', () => {
    expect(
      initialValues([
        phone({ required: true }),
        phone(),
        field({ name: 'c', type: 'checkbox' }),
        field({ name: 'd', defaultValue: 'x' }),
      ]),
    ).toEqual({ mobile: '', c: 'false', d: 'x' });
    expect(initialValues([phone({ required: true })])).toEqual({ mobile: '+91' });
  });
});

describe('prefilled values', () => {
  const known = {
    name: 'Asha Rao',
    email: 'asha@example.in',
    phone: '+91 98450 12345',
    city: 'Bengaluru',
    postalCode: '560038',
  };

  it('fills the fields the shop knows, by name or type, and leaves the rest', () => {
    const fields = [
      field({ name: 'fullName' }),
      field({ name: 'receipt', type: 'email' }),
      phone({ required: true }),
      field({ name: 'city' }),
      field({ name: 'pin_code' }),
      field({ name: 'gstin' }),
      field({ name: 'note', defaultValue: 'keep me' }),
      field({ name: 'name', type: 'checkbox' }),
    ];
    expect(prefilledValues(fields, known)).toEqual({
      fullName: 'Asha Rao',
      receipt: 'asha@example.in',
      mobile: '+919845012345',
      city: 'Bengaluru',
      pin_code: '560038',
      gstin: '',
      note: 'keep me',
      name: 'false',
    });
  });

  it('leaves +91 alone when the known phone is not an Indian mobile', () => {
    expect(prefilledValues([phone({ required: true })], { phone: '080 2345 678' })).toEqual({ mobile: '+91' });
  });
});

describe('other fields', () => {
  it.each([
    [field({ rules: { required: true } }), ' ', 'This field is required'],
    [field({ rules: { required: true }, rulesMessages: ['Name please'] }), '', 'Name please'],
    [field({ type: 'email' }), 'asha@', 'Please enter a valid email address'],
    [field({ type: 'email' }), 'asha@example.in', undefined],
    [field({ type: 'checkbox', rules: { required: true } }), 'false', 'This field is required'],
    [field({ rules: { pattern: '/^[A-Z]{4}0/i' } }), 'sbin0001', undefined],
  ])('%j with %j → %s', (definition, value, message) => {
    expect(fieldError(definition, value)).toBe(message);
  });

  it('parses /regex/flags and bare patterns, and ignores broken ones', () => {
    expect(parsePattern('/ab+c/i')?.flags).toBe('i');
    expect(parsePattern('ab+c')?.test('abbc')).toBe(true);
    expect(parsePattern('/(unclosed/')).toBeUndefined();
  });

  it('masks values', () => {
    expect(applyMask('4111111111111111', '9999 9999 9999 9999')).toBe('4111 1111 1111 1111');
    expect(applyMask('12/2', '99/99')).toBe('12/2');
    expect(applyMask('ab12', 'aa-99')).toBe('ab-12');
  });
});

describe('visibility and submission', () => {
  const fields = [
    field({ name: 'upi', rules: { required: true } }),
    field({ name: 'note', rules: { required: true }, showWhenFilled: ['upi'] }),
  ];

  it('shows a field only when one of its showWhenFilled fields has a value', () => {
    expect(isVisible(fields[1] as PaymentField, { upi: '' })).toBe(false);
    expect(isVisible(fields[1] as PaymentField, { upi: 'a@b' })).toBe(true);
  });

  it('waits for every visible required field, and validates only visible ones', () => {
    expect(missingRequired(fields, { upi: '', note: '' })).toBe(true);
    expect(missingRequired(fields, { upi: 'a@b', note: '' })).toBe(true);
    expect(missingRequired(fields, { upi: 'a@b', note: 'x' })).toBe(false);
    expect(validate(fields, { upi: '', note: '' })).toEqual({ upi: 'This field is required' });
    expect(submittedValues(fields, { upi: '', note: 'hidden' })).toEqual({ upi: '' });
  });

  it('adds the data: prefix to a bare base64 QR', () => {
    expect(qrImageSource('iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(qrImageSource('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
});
