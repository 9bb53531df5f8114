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

const VARIABLE = /##([a-z]+)##/g;

/** The template's text with each `##name##` replaced by its value. */
export function fillTemplate(kind: SmsKind, values: Record<string, string>): string {
  return SMS_TEMPLATES[kind].replace(VARIABLE, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The SMS template ${kind} needs ${name}.`);
    return value;
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The variables of `text` when it is exactly `kind`'s template filled in (each variable one line
 * of 1 to 100 characters); undefined when it is not, and then it must not be sent.
 */
export function matchTemplate(kind: string, text: string): Record<string, string> | undefined {
  if (!isSmsKind(kind)) return undefined;
  const template = SMS_TEMPLATES[kind];
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
