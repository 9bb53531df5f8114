/**
 * THE registered text of every SMS the shop sends, one per message kind, with its variables as
 * `##name##` (MSG91's flow variables). Under TRAI's DLT rules an SMS whose text is not exactly a
 * registered template with its variables filled in is blocked by the operator, so the merchant
 * registers these texts word for word (on the DLT portal, then in MSG91 with the same variable
 * names), and a text that does not match its kind's template is refused before it is sent.
 */
export const SMS_TEMPLATES = {
  'sign-in-code':
    '##code## is your ##shop## sign-in code. It expires in ##minutes## minutes. Do not share it with anyone.',
  'cod-code':
    '##code## is your code to confirm cash-on-delivery order ##order## at ##shop##. It expires in ##minutes## minutes. Do not share it with anyone.',
  'order-update': '##shop##: your order ##order## ##status##. Details: ##link##',
} as const;

export type SmsKind = keyof typeof SMS_TEMPLATES;

export const isSmsKind = (kind: string): kind is SmsKind => Object.hasOwn(SMS_TEMPLATES, kind);

/**
 * The Hindi templates, registered on DLT as Unicode templates of their own, with the same variables;
 * a merchant who registers them names their MSG91 ids in MSG91_HINDI_TEMPLATE_IDS. A sign-in code
 * has none: the shopper's language is not known before they sign in.
 */
export const HINDI_SMS_TEMPLATES = {
  'cod-code':
    '##code## आपके कैश ऑन डिलीवरी ऑर्डर ##order## (##shop##) की पुष्टि का कोड है। यह ##minutes## मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें।',
  'order-update': '##shop##: आपका ऑर्डर ##order## ##status##। जानकारी: ##link##',
} as const satisfies Partial<Record<SmsKind, string>>;

export type HindiSmsKind = keyof typeof HINDI_SMS_TEMPLATES;

export const hasHindiTemplate = (kind: string): kind is HindiSmsKind => Object.hasOwn(HINDI_SMS_TEMPLATES, kind);

/** The language an SMS template is written in: English, or Hindi (sent as Unicode). */
export type SmsLanguage = 'en' | 'hi';

/** A kind's template in a language; undefined for a kind with none in it. */
export function templateOf(kind: string, language: SmsLanguage = 'en'): string | undefined {
  if (language === 'hi') return hasHindiTemplate(kind) ? HINDI_SMS_TEMPLATES[kind] : undefined;
  return isSmsKind(kind) ? SMS_TEMPLATES[kind] : undefined;
}

/**
 * The language a shopper's SMS of this kind is written in: Hindi for a shopper who reads the shop
 * in Hindi when the merchant has the kind's Hindi template (`hindiKinds`: MSG91_HINDI_TEMPLATE_IDS's
 * kinds), else English.
 */
export const smsLanguageFor = (
  kind: SmsKind,
  shopperLanguage: string | undefined,
  hindiKinds: readonly string[] = [],
): SmsLanguage => (shopperLanguage === 'hi' && hasHindiTemplate(kind) && hindiKinds.includes(kind) ? 'hi' : 'en');

const VARIABLE = /##([a-z]+)##/g;

/** The template's text (in `language`, English when it has none in it) with each `##name##` replaced by its value. */
export function fillTemplate(kind: SmsKind, values: Record<string, string>, language: SmsLanguage = 'en'): string {
  const template = templateOf(kind, language) ?? SMS_TEMPLATES[kind];
  return template.replace(VARIABLE, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The SMS template ${kind} needs ${name}.`);
    return value;
  });
}

/** A shopper's SMS of this kind: its template filled in, in Hindi where smsLanguageFor says so. */
export const shopperSmsText = (
  kind: SmsKind,
  values: Record<string, string>,
  shopperLanguage: string | undefined,
  hindiKinds: readonly string[] = [],
): string => fillTemplate(kind, values, smsLanguageFor(kind, shopperLanguage, hindiKinds));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The variables of `text` when it is exactly `kind`'s template in `language` filled in (each
 * variable one line of 1 to 100 characters); undefined when it is not, and then it must not be sent.
 */
export function matchTemplate(
  kind: string,
  text: string,
  language: SmsLanguage = 'en',
): Record<string, string> | undefined {
  const template = templateOf(kind, language);
  if (template === undefined) return undefined;
  const names: string[] = [];
  let pattern = '';
  let last = 0;
  for (const found of template.matchAll(VARIABLE)) {
    pattern += escapeRegExp(template.slice(last, found.index));
    pattern += '([^\\r\\n]{1,100}?)';
    names.push(found[1] ?? '');
    last = found.index + found[0].length;
  }
  pattern += escapeRegExp(template.slice(last));
  const match = new RegExp(`^${pattern}$`).exec(text);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
}
