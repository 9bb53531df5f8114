/** The activity log's actions in words; an action not listed is spelled out from its name. */
const ACTIONS: Record<string, string> = {
  'order.mark-paid': 'Order marked paid',
  'order.processing': 'Order paid',
  'order.shipped': 'Order shipped',
  'order.delivered': 'Order delivered',
  'order.cancelled': 'Order cancelled',
  'order.tracking': 'Tracking changed',
  'order.eway-bill': 'E-way bill recorded',
  'invoices.signature': 'Invoice signature changed',
  'reports.gst': 'GST return downloaded',
  'product.create': 'Product added',
  'product.update': 'Product edited',
  'product.stock': 'Stock changed',
  'product.import': 'Catalogue imported',
  'product.delete': 'Product deleted',
  'product.demo-remove': 'Demo products removed',
  'staff.add': 'Staff added',
  'staff.remove': 'Staff removed',
  'staff.reset-password': 'Staff password reset',
  'staff.two-factor-on': 'Two-factor sign-in turned on',
  'staff.two-factor-off': 'Two-factor sign-in turned off',
  'store.details': 'Store details changed',
  'store.payments': 'Payment settings changed',
  'store.delivery': 'Delivery rules changed',
  'mail.retry': 'Email sent again',
  'ticket.close': 'Ticket marked handled',
  'coupon.add': 'Coupon added',
  'coupon.disable': 'Coupon disabled',
  'coupon.use-returned': 'Coupon use given back (order cancelled)',
  'account.password-change': 'Shopper changed their password',
};

/** 'order.shipped' → 'Order shipped'; 'thing.some-change' → 'Thing some change'. */
export function actionWords(action: string): string {
  const known = ACTIONS[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(', ') || '—';
  return JSON.stringify(value);
}

/** Each field that changed: 'stock: 12 → 11'. A field only before or only after shows a dash on the other side. */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { key: string; text: string }[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => {
    const inBefore = before !== null && key in before;
    const inAfter = after !== null && key in after;
    if (!inBefore) return { key, text: `${key}: ${valueText(after?.[key])}` };
    if (!inAfter) return { key, text: `${key}: ${valueText(before?.[key])} → —` };
    return { key, text: `${key}: ${valueText(before?.[key])} → ${valueText(after?.[key])}` };
  });
}
