import type { PaymentField } from '@netkart/contract';

/** What a hosted checkout needs to know about the payer. */
export const PAYER_FIELDS: PaymentField[] = [
  {
    name: 'fullName',
    label: 'Name of the payer',
    placeholder: 'As on your bank account',
    type: 'text',
    rules: { required: true, minLength: 2, maxLength: 80 },
    rulesMessages: ['Please enter the payer name'],
  },
  {
    name: 'email',
    label: 'Email for the receipt',
    placeholder: 'you@example.com',
    type: 'email',
    inline: true,
    rules: { required: true },
    rulesMessages: ['Please enter an email for the receipt'],
  },
  {
    name: 'phone',
    label: 'Mobile number',
    type: 'tel',
    inline: true,
    rules: { required: true, minLength: 13, maxLength: 13 },
    rulesMessages: ['Please enter your mobile number'],
  },
];
