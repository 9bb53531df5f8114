import { productPath } from '@netkart/contract';
import { Link, useNavigate } from 'react-router';
import { DeliveryToRememberedPin } from '@/components/delivery/DeliveryPromise';
import { useRememberedPin } from '@/components/delivery/remembered-pin';
import { AlertTriangle, Minus, Plus, ShoppingBag, Trash2 } from '@/components/icons';
import { ProductImage } from '@/components/ProductImage';
import { Button, buttonClasses } from '@/components/ui';
import { useAuth } from '@/features/auth/auth-context';
import { usePageMeta } from '@/features/store-info/page-meta';
import { type Translate, useT } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useCartAvailability } from '../availability';
import { useCart } from '../cart-context';
import { type LineProblem, lineCapText, lineKey, optionsLabel } from '../cart-rules';
import { CouponField } from '../components/CouponField';
import { discountLines, useAppliedCoupon, useCartQuote } from '../quote';
import { shippingText, useShippingQuote } from '../shipping-quote';
import { useRestoreLink } from '../use-restore-link';

/** What the shopper reads about a line that cannot be ordered as it is. */
const problemText = (problem: LineProblem, t: Translate) =>
  problem.kind === 'gone'
    ? t('cart.gone')
    : problem.kind === 'out-of-stock'
      ? t('cart.outOfStock')
      : problem.kind === 'over-cap'
        ? lineCapText(problem.cap, t)
        : t('cart.onlyLeft', { count: problem.stock });

export default function CartPage() {
  const t = useT();
  usePageMeta(t('cart.title'));
  const { items, itemCount, subtotal, removeItem, updateQuantity, clearCart } = useCart();
  // Before a PIN is known: what the rest of India pays (the checkout quotes the shopper's own PIN).
  const shipping = useShippingQuote(items).data;
  // The shop's own price of the cart (the order's pricing), with the coupon the shopper applied.
  const [couponCode, applyCoupon] = useAppliedCoupon();
  const rememberedPin = useRememberedPin();
  const priced = useCartQuote(items, { couponCode, postalCode: rememberedPin }).data;
  const quote = priced?.quote ?? null;
  const shippingCharge = quote ? quote.shipping : (shipping?.charge ?? 0);
  const { user } = useAuth();
  const navigate = useNavigate();
  const availability = useCartAvailability(items);
  useRestoreLink();

  if (items.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <ShoppingBag aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('cart.empty')}</h1>
        <p className="mt-2 text-slate-600">{t('cart.emptyText')}</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
          {t('cart.continue')}
        </Link>
      </div>
    );
  }

  const checkout = () => {
    if (availability.hasProblems) return;
    if (!user) {
      toast.error(t('cart.loginRequired'), { description: t('cart.signInToCheckout') });
      navigate('/login', { state: { from: { pathname: '/checkout' } } });
      return;
    }
    navigate('/checkout');
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-slate-900">{t('cart.title')}</h1>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-3">
        <ul className="space-y-4 lg:col-span-2">
          {items.map((item) => {
            const key = lineKey(item);
            const problem = availability.problems.get(key);
            const limit = availability.limits.get(key) ?? Number.POSITIVE_INFINITY;
            const options = item.variantLabel ?? optionsLabel(item.selectedSize, item.selectedColor);
            const remove = () => removeItem(item.id, item.selectedSize, item.selectedColor);
            return (
              <li key={key} className="flex gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <ProductImage
                  productId={item.id}
                  src={item.image}
                  alt={item.name}
                  sizes="96px"
                  className="h-20 w-20 shrink-0 rounded-xl bg-slate-50 sm:h-24 sm:w-24"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <Link to={productPath(item)} className="font-semibold text-slate-900 hover:text-brand-700">
                        {item.name}
                      </Link>
                      {options ? <p className="text-sm text-slate-600">{options}</p> : null}
                    </div>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('cart.removeNamed', { name: item.name })}
                      onClick={remove}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                    </Button>
                  </div>
                  {problem ? (
                    <div className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                      <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0" />
                      <p className="font-medium">{problemText(problem, t)}</p>
                      {(problem.kind === 'too-many' || problem.kind === 'over-cap') && problem.max >= 1 ? (
                        <Button
                          variant="outline"
                          className="ml-auto"
                          onClick={() => updateQuantity(item.id, problem.max, item.selectedSize, item.selectedColor)}
                        >
                          {t('cart.changeTo', { max: problem.max })}
                        </Button>
                      ) : (
                        <Button variant="outline" className="ml-auto" onClick={remove}>
                          {t('cart.remove')}
                        </Button>
                      )}
                    </div>
                  ) : null}
                  <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
                    <div className="flex items-center gap-2">
                      <Button
                        variant="outline"
                        size="icon"
                        aria-label={t('cart.decreaseNamed', { name: item.name })}
                        disabled={item.quantity <= 1}
                        onClick={() =>
                          updateQuantity(item.id, item.quantity - 1, item.selectedSize, item.selectedColor)
                        }
                      >
                        <Minus aria-hidden="true" className="h-4 w-4" />
                      </Button>
                      <span className="w-8 text-center font-medium">
                        <span className="sr-only">{t('cart.quantitySr')}</span>
                        {item.quantity}
                      </span>
                      <Button
                        variant="outline"
                        size="icon"
                        aria-label={t('cart.increaseNamed', { name: item.name })}
                        disabled={item.quantity >= limit}
                        onClick={() =>
                          updateQuantity(item.id, item.quantity + 1, item.selectedSize, item.selectedColor)
                        }
                      >
                        <Plus aria-hidden="true" className="h-4 w-4" />
                      </Button>
                    </div>
                    <p className="font-semibold text-slate-900">{formatPrice(item.price * item.quantity)}</p>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
        <aside
          aria-labelledby="summary-heading"
          className="h-fit space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
            {t('cart.summary')}
          </h2>
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-600">{t('cart.subtotal', { count: itemCount })}</dt>
              <dd className="font-medium">{formatPrice(quote ? quote.subtotal : subtotal)}</dd>
            </div>
            {discountLines(quote).map((line) => (
              <div key={line.label} className="flex justify-between text-green-800">
                <dt>{line.label}</dt>
                <dd className="font-medium">−{formatPrice(-line.amount)}</dd>
              </div>
            ))}
            <div className="flex justify-between">
              <dt className="text-slate-600">{t('cart.shipping')}</dt>
              <dd className={shippingCharge === 0 ? 'font-medium text-green-700' : 'font-medium'}>
                {shippingCharge === 0
                  ? t('shipping.free')
                  : shippingText({ charge: shippingCharge, freeFrom: shipping?.freeFrom ?? null }, t)}
              </dd>
            </div>
            <div className="flex justify-between border-t border-slate-100 pt-2 text-base">
              <dt className="font-semibold">{t('cart.total')}</dt>
              <dd className="font-bold">{formatPrice(quote ? quote.total : subtotal + shippingCharge)}</dd>
            </div>
          </dl>
          <CouponField
            idPrefix="cart"
            applied={couponCode}
            onApply={applyCoupon}
            refusal={priced?.couponError}
            appliedLabel={quote?.coupon?.label}
          />
          <DeliveryToRememberedPin />
          {availability.hasProblems ? (
            <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {t('cart.problems')}
            </p>
          ) : null}
          <Button size="lg" className="w-full" onClick={checkout} disabled={availability.hasProblems}>
            {t('cart.checkout')}
          </Button>
          <Button variant="outline" className="w-full" onClick={() => clearCart()}>
            {t('cart.clear')}
          </Button>
        </aside>
      </div>
    </div>
  );
}
