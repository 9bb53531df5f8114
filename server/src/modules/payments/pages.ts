import { escapeHtml } from '../../shared/html.js';

/** A gateway's form fields, posted on from a page of the payment flow; every value escaped. */
export const hiddenInputs = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
