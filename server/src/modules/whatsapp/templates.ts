import type { TemplateCall } from '../messages/whatsapp-messages.js';

/**
 * The message templates the store's WhatsApp Business account must have approved by Meta, each
 * under this name and language with exactly this body ({{1}} … are its parameters, in order). A
 * business may only start a conversation with an approved template; README lists them to submit.
 */
export interface WhatsAppTemplate {
  name: string;
  language: 'en';
  /** The body of its Hindi version (language `hi`, same name), for a template worth approving in Hindi too. */
  hindiBody?: string;
  /**
   * UTILITY for order updates; MARKETING for a cart reminder (Meta counts a nudge to buy as
   * marketing); AUTHENTICATION for sign-in codes (Meta fixes their wording and adds a copy-code button).
   */
  category: 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';
  body: string;
}

export const WHATSAPP_TEMPLATES = {
  orderPlaced: {
    name: 'order_placed',
    language: 'en',
    category: 'UTILITY',
    body: 'Thank you for your order {{1}} at {{2}}. Total {{3}}. We will tell you here when it ships.',
    hindiBody: '{{2}} पर आपके ऑर्डर {{1}} के लिए धन्यवाद। कुल {{3}}। ऑर्डर भेजते ही हम आपको यहीं बताएँगे।',
  },
  orderShipped: {
    name: 'order_shipped',
    language: 'en',
    category: 'UTILITY',
    body: 'Your order {{1}} from {{2}} is on its way with {{3}}. Track it: {{4}}',
    hindiBody: '{{2}} से आपका ऑर्डर {{1}} {{3}} के साथ रास्ते में है। ट्रैक करें: {{4}}',
  },
  orderDelivered: {
    name: 'order_delivered',
    language: 'en',
    category: 'UTILITY',
    body: 'Your order {{1}} from {{2}} has been delivered. Thank you for shopping with us.',
    hindiBody: '{{2}} से आपका ऑर्डर {{1}} डिलीवर हो गया है। हमसे खरीदारी करने के लिए धन्यवाद।',
  },
  codConfirmation: {
    name: 'cod_confirmation',
    language: 'en',
    category: 'UTILITY',
    body: '{{1}} is the code to confirm your cash on delivery order {{2}} at {{3}}.',
    hindiBody: '{{3}} पर आपके कैश ऑन डिलीवरी ऑर्डर {{2}} की पुष्टि का कोड {{1}} है।',
  },
  cartReminder: {
    name: 'cart_reminder',
    language: 'en',
    category: 'MARKETING',
    body: 'Your cart at {{1}} is waiting for you: {{2}}. Pick up where you left off: {{3}}',
    hindiBody: '{{1}} पर आपका कार्ट आपका इंतज़ार कर रहा है: {{2}}। जहाँ छोड़ा था, वहीं से आगे बढ़ें: {{3}}',
  },
  signInCode: {
    name: 'sign_in_code',
    language: 'en',
    category: 'AUTHENTICATION',
    body: '{{1}} is your verification code. For your security, do not share this code.',
  },
} as const satisfies Record<string, WhatsAppTemplate>;

const placeholders = (body: string): number => new Set(body.match(/\{\{\d+\}\}/g) ?? []).size;

/**
 * The language a template is sent in: Hindi for a shopper who reads the shop in Hindi when the
 * store had the template approved in Hindi (WHATSAPP_HINDI_TEMPLATES) and it has a Hindi body; else English.
 */
export function templateLanguage(
  template: WhatsAppTemplate,
  shopperLanguage: string,
  hindiTemplates: readonly string[] = [],
): 'en' | 'hi' {
  return shopperLanguage === 'hi' && template.hindiBody && hindiTemplates.includes(template.name) ? 'hi' : 'en';
}

/** The template's body with its parameters in place: what the shopper reads. Refuses a call that does not fit the template. */
export function filledIn(
  template: WhatsAppTemplate,
  parameters: readonly string[],
  language: 'en' | 'hi' = 'en',
): string {
  if (parameters.length !== placeholders(template.body)) {
    throw new Error(
      `The ${template.name} template takes ${placeholders(template.body)} parameters, not ${parameters.length}.`,
    );
  }
  if (parameters.some((parameter) => parameter.trim() === '' || /[\n\t]| {5,}/.test(parameter))) {
    // Meta refuses empty parameters, new lines, tabs and more than four spaces in a row (error 132018).
    throw new Error(
      `A parameter of the ${template.name} template is empty or has a new line, a tab or a run of spaces.`,
    );
  }
  const body = language === 'hi' && template.hindiBody ? template.hindiBody : template.body;
  return body.replace(/\{\{(\d+)\}\}/g, (_, index: string) => parameters[Number(index) - 1] ?? '');
}

export const templateCall = (
  template: WhatsAppTemplate,
  parameters: string[],
  language: 'en' | 'hi' = template.language,
): TemplateCall => ({
  template: template.name,
  language,
  parameters,
});

export const templateNamed = (name: string): WhatsAppTemplate | undefined =>
  Object.values(WHATSAPP_TEMPLATES).find((template) => template.name === name);
