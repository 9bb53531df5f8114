import type { PaymentResponse } from '@netkart/contract';
import { postHiddenForm } from '../api';
import { qrImageSource } from '../payment-fields';

/** A QR to show; `intent`: on a phone, the UPI app can be opened straight from the same text. */
export type Qr = { text: string; intent?: boolean } | { image: string };

type Action = NonNullable<PaymentResponse['action']>;

interface ActionContext {
  showQr(qr: Qr): void;
}

/**
 * One renderer per kind of action a provider answers with (Saleor's supported payment apps, in
 * small): a provider's start picks the kind, the storefront knows each kind once. Each says
 * whether it could act on the answer.
 */
const RENDERERS: Record<Action['type'], (action: Action, context: ActionContext) => boolean> = {
  redirect_post(action) {
    if (!action.formParams || !action.redirectUrl) return false;
    postHiddenForm(action.redirectUrl, action.formParams);
    return true;
  },
  // A phone gets the same screen with a button into the UPI app, so the UTR can be written after paying.
  deeplink(action, { showQr }) {
    if (!action.redirectUrl) return false;
    showQr({ text: action.redirectUrl, intent: true });
    return true;
  },
  qr(action, { showQr }) {
    if (!action.qr && !action.qrBase64) return false;
    showQr(action.qrBase64 ? { image: qrImageSource(action.qrBase64) } : { text: action.qr ?? '' });
    return true;
  },
};

/** Acts on the provider's answer; false when it carries no action the storefront can take. */
export function performAction(response: PaymentResponse, context: ActionContext): boolean {
  const action = response.action;
  return action ? RENDERERS[action.type](action, context) : false;
}
