/** The built-in policies (spec section 2): Indian law, our periods, placeholders filled from store info. */
export interface PolicyText {
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const BUILT_IN_POLICIES: Record<'terms' | 'privacy' | 'refund' | 'return' | 'shipping' | 'about', PolicyText> = {
  terms: {
    intro:
      'These terms govern your use of {{website}} and your purchases from {{companyName}}. This document is an electronic record under the Information Technology Act, 2000 and the rules made under it, and needs no physical or digital signature.',
    sections: [
      {
        heading: 'Using the website',
        paragraphs: [
          'By browsing or buying on this website you agree to these terms. If you do not agree, please do not use the website.',
          'You must be at least 18 years old, or use the website under the supervision of a parent or guardian, to place an order.',
          'You are responsible for keeping your account password confidential and for all activity under your account.',
        ],
      },
      {
        heading: 'Products, prices and orders',
        paragraphs: [
          'We describe our products as accurately as we can. Colours and pictures are illustrative and may vary slightly from the product delivered.',
          'All prices are in Indian Rupees (INR) and include applicable taxes unless stated otherwise. We may change prices without notice; the price you pay is the one shown when you place your order.',
          'An order is an offer to buy. We may decline or cancel an order, for example when a product is out of stock or a price was shown in error; any amount paid is then refunded in full.',
        ],
      },
      {
        heading: 'Payments',
        paragraphs: [
          'Payments are processed by authorised payment gateways and UPI apps. We do not store your card or bank details.',
        ],
      },
      {
        heading: 'Liability',
        paragraphs: [
          'To the extent permitted by law, our liability for any claim relating to a product is limited to the price paid for that product.',
        ],
      },
      {
        heading: 'Governing law and jurisdiction',
        paragraphs: [
          'These terms are governed by the laws of India. The courts at Bengaluru Urban district, Karnataka, have exclusive jurisdiction over any dispute arising from them.',
          'Questions about these terms: {{companyName}}, {{companyAddress}}; email {{companyEmail}}; phone {{companyPhone}}.',
        ],
      },
    ],
  },
  privacy: {
    intro:
      '{{companyName}} respects your privacy. This policy explains what personal data we collect through {{website}}, why, and the choices you have, in line with the Information Technology Act, 2000 and the Digital Personal Data Protection Act, 2023.',
    sections: [
      {
        heading: 'Information we collect',
        paragraphs: [
          'Your name, email address, phone number and shipping address when you register or order; your order history; and technical data such as your browser type and pages visited.',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'To process and deliver your orders, to contact you about them, to provide customer support, to prevent fraud and, if you agree, to send you offers.',
        ],
      },
      {
        heading: 'Sharing',
        paragraphs: [
          'We share only what is needed with courier partners, payment gateways and service providers who work for us, and with authorities when the law requires. We never sell your personal data.',
        ],
      },
      {
        heading: 'Security',
        paragraphs: [
          'We protect your data with reasonable security practices, including encrypted connections and hashed passwords.',
        ],
      },
      {
        heading: 'Deletion and retention',
        paragraphs: [
          'We keep your data only as long as needed for the purposes above or as the law requires (for example, tax records). You may ask us to delete your account and data.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You may ask to access, correct or erase your personal data, and to nominate another person to exercise these rights.',
        ],
      },
      {
        heading: 'Withdrawing consent',
        paragraphs: [
          'You may withdraw your consent at any time by writing to our Grievance Officer. Withdrawal does not affect processing done before it.',
        ],
      },
      {
        heading: 'Changes to this policy',
        paragraphs: ['We may update this policy; the latest version is always on this page.'],
      },
      {
        heading: 'Grievance Officer',
        paragraphs: [
          '{{grievanceOfficer}}, {{legalName}}, {{companyAddress}}. Email: {{grievanceOfficerEmail}}. Phone: {{grievanceOfficerPhone}}. Hours: Monday-Friday 10:00-17:00.',
        ],
      },
    ],
  },
  refund: {
    intro: 'This policy explains how {{companyName}} refunds payments for cancelled, returned or undelivered orders.',
    sections: [
      {
        heading: 'When you get a refund',
        paragraphs: [
          'We refund orders that we cancel, orders you cancel before dispatch, and returns that pass our inspection.',
        ],
      },
      {
        heading: 'How and when',
        paragraphs: [
          'Approved refunds are credited within 0-7 working days to the original source of payment (your bank account, card or UPI ID). Your bank may take a few more days to show it.',
        ],
      },
      {
        heading: 'Questions',
        paragraphs: ['Write to {{companyEmail}} or call {{companyPhone}} with your order number.'],
      },
    ],
  },
  return: {
    intro:
      'We want you to be happy with what you buy from {{companyName}}. If something is not right, here is how to cancel or return it.',
    sections: [
      {
        heading: 'Cancellation',
        paragraphs: [
          'You may cancel an order within 0-7 days of receipt by writing to {{companyEmail}} with your order number.',
        ],
      },
      {
        heading: 'Returns',
        paragraphs: [
          'Goods bought within 0-7 days can be returned unused, in their original packaging, with all accessories and the invoice.',
        ],
      },
      {
        heading: 'What cannot be returned',
        paragraphs: [
          'Personalised goods; hygiene goods whose seal has been opened; goods mixed with other items or not in their original condition.',
        ],
      },
      {
        heading: 'How to return',
        paragraphs: [
          'Contact us at {{companyEmail}} or {{companyPhone}}; we will arrange a pickup or give you the return address: {{companyAddress}}.',
        ],
      },
    ],
  },
  shipping: {
    intro: '{{companyName}} ships across India. Shipping is free on every order.',
    sections: [
      {
        heading: 'Delivery times',
        paragraphs: [
          'Normal orders are delivered within 0-7 working days of dispatch, depending on your PIN code.',
          'Bulk orders are delivered within 10-15 business days.',
        ],
      },
      {
        heading: 'Tracking',
        paragraphs: ['Once your order ships, its tracking number appears on the My Orders and Track Order pages.'],
      },
      {
        heading: 'Questions',
        paragraphs: ['Write to {{companyEmail}} or call {{companyPhone}}.'],
      },
    ],
  },
  about: {
    intro: 'Welcome to {{companyName}}: a shop that sells and delivers across India.',
    sections: [
      {
        heading: 'Our vision',
        paragraphs: ['Buying online as simple and as trustworthy as buying from a shop you know.'],
      },
      {
        heading: 'Our mission',
        paragraphs: [
          'To sell products we stand behind, at fair prices, delivered quickly and supported by people who answer.',
        ],
      },
      {
        heading: 'Our values',
        paragraphs: [
          'Honesty: clear specifications and prices. Quality: products we would use ourselves. Service: real help before and after you buy. Value: fair prices with free shipping. Responsibility: packaging that wastes less.',
        ],
      },
      {
        heading: 'Why choose us',
        paragraphs: [
          'GST invoices on every order, free shipping across India, easy returns and support on {{companyPhone}} and {{companyEmail}}. Visit us at {{companyAddress}}.',
        ],
      },
    ],
  },
};
