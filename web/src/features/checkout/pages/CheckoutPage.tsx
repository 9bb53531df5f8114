import { zodResolver } from '@hookform/resolvers/zod';
import {
  checkGstin,
  type OrderLineInput,
  type PaymentMethod,
  type SavedAddress,
  ShippingAddressInput,
  STANDARD_GST_RATE,
  stateByName,
  WHATSAPP_CONSENT_TEXT,
} from '@netkart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { DeliveryForPin } from '@/components/delivery/DeliveryPromise';
import { useRememberedPin } from '@/components/delivery/remembered-pin';
import { Button, Checkbox, FormField, Input } from '@/components/ui';
import { ADDRESS_FIELDS, AddressFields, showFieldError, usePinFirst } from '@/features/auth/address-fields';
import { addressLine, savedAddressesQuery } from '@/features/auth/saved-addresses';
import { useCartAvailability } from '@/features/cart/availability';
import { useCart } from '@/features/cart/cart-context';
import { type CartItem, lineKey, optionsLabel } from '@/features/cart/cart-rules';
import { CouponField } from '@/features/cart/components/CouponField';
import { discountLines, useAppliedCoupon, useCartQuote } from '@/features/cart/quote';
import { useShippingQuote } from '@/features/cart/shipping-quote';
import { createOrder, ordersQueryKey } from '@/features/orders/api';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useStoreInfo } from '@/features/store-info/store-info';
import { useLocale, useT } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';
import { toast } from '@/lib/toast';
import { PaymentMethodChoice } from '../components/PaymentMethodChoice';
import { ReminderChoices } from '../components/ReminderChoices';
import { gstIncluded } from '../gst-included';
import { codForCart, usePaymentMethods } from '../payment-methods';
import { EMPTY_SHIPPING, type ShippingForm, trimmedShipping } from '../shipping';

/** One order line per cart line, so the merchant packs the size and colour each one asked for. */
export const orderLinesOf = (items: CartItem[]): OrderLineInput[] =>
  items.map((item) => ({
    productId: item.id,
    quantity: item.quantity,
    size: item.selectedSize,
    color: item.selectedColor,
    // The variant chosen on the product's page; a line from before variants orders by its size and colour.
    ...(item.variantSku ? { variantSku: item.variantSku } : {}),
  }));

export default function CheckoutPage() {
  const t = useT();
  usePageMeta(t('checkout.title'));
  const { items, subtotal, clearCart } = useCart();
  const availability = useCartAvailability(items);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { storeInfo } = useStoreInfo();
  const [buyerGstin, setBuyerGstin] = useState('');
  const [buyerCompany, setBuyerCompany] = useState('');
  const [gstinError, setGstinError] = useState<string | undefined>();
  const form = useForm<ShippingForm, unknown, ShippingAddressInput>({
    defaultValues: EMPTY_SHIPPING,
    // The server's own rules and messages, shown beside each field.
    resolver: zodResolver(ShippingAddressInput),
  });
  const {
    handleSubmit,
    getValues,
    setValue,
    watch,
    formState: { isSubmitting, errors },
  } = form;

  // The shopper's saved addresses (the checkout is for signed-in shoppers only): the default fills
  // the form once they arrive, unless the shopper has begun typing; choosing another fills it again.
  const saved = useQuery(savedAddressesQuery);
  const savedAddresses = saved.data ?? [];
  const [chosenId, setChosenId] = useState<string | undefined>();
  const [saveAddress, setSaveAddress] = useState(false);
  // Consent is asked, never assumed: the box starts unticked (DPDP Rules).
  const [whatsappUpdates, setWhatsappUpdates] = useState(false);
  const locale = useLocale();
  const offered = useRef(false);
  const fillFrom = (address: SavedAddress) => {
    setChosenId(address.id);
    for (const field of ADDRESS_FIELDS) {
      setValue(field, address[field], { shouldValidate: errors[field] !== undefined });
    }
  };
  useEffect(() => {
    if (offered.current || !saved.data) return;
    offered.current = true;
    const preferred = saved.data.find((address) => address.isDefault);
    if (preferred && !addressStarted(getValues())) fillFrom(preferred);
  });

  // PIN first: its place fills the city and fixes the state (the server checks the state against it,
  // and the invoice takes its place of supply from it).
  const pincode = usePinFirst(form);
  const pinPlace = pincode.place;
  // The promise for the PIN typed here, else for the one checked on a product page this session.
  const rememberedPin = useRememberedPin();
  const deliveryPin = pinPlace?.pincode ?? rememberedPin;

  // Cash on delivery, when the store's rules allow it for this cart and PIN; its fee shown with the choice.
  const methods = usePaymentMethods();
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('online');
  const cod = codForCart(methods.data?.cod, subtotal, pinPlace, t);
  const payingCod = paymentMethod === 'cod' && cod.available;

  // Shipping to this PIN, shown before the order is placed and counted in the total (the server
  // works it out again as it places the order), and the COD fee when paying in cash.
  const shipping = useShippingQuote(items, pinPlace?.pincode).data;
  // The shop's own price of this order (the pricing that places it): items, the coupon the shopper
  // applied, shipping to the PIN and the COD fee. Until it answers, the items and the quotes above.
  const [couponCode, applyCoupon] = useAppliedCoupon();
  const [orderCouponError, setOrderCouponError] = useState<string | undefined>();
  const priced = useCartQuote(items, {
    couponCode,
    postalCode: pinPlace?.pincode,
    paymentMethod: payingCod ? 'cod' : 'online',
  }).data;
  const quote = priced?.quote ?? null;
  const shippingCharge = quote ? quote.shipping : pinPlace && shipping ? shipping.charge : 0;
  const codFee = quote ? quote.codFee : payingCod ? cod.fee : 0;
  const total = quote ? quote.total : subtotal + shippingCharge + codFee;

  const cartIsEmpty = () => {
    if (items.length > 0) return false;
    toast.error(t('checkout.cartEmpty'), { description: t('checkout.addItemsFirst') });
    return true;
  };

  const showInvalid = () => {
    if (cartIsEmpty()) return;
    if (!trimmedShipping(getValues())) {
      toast.error(t('checkout.fillAll'), { description: t('checkout.allRequired') });
    }
  };

  // A seller not registered for GST charges none: only a registered one says how much of the total is GST.
  const shippingState = stateByName(watch('state') ?? '');
  const gst = !storeInfo?.gstin
    ? 0
    : quote
      ? quote.taxIncluded
      : gstIncluded(
          [
            ...items.map((item) => ({ ...item, gstRate: availability.gstRates.get(item.id) })),
            // Shipping and the COD fee are taxed as the goods are: at their highest rate, as their invoice lines will be.
            ...[shippingCharge, codFee]
              .filter((charge) => charge > 0)
              .map((charge) => ({ price: charge, quantity: 1, gstRate: goodsRate(items, availability.gstRates) })),
          ],
          shippingState !== undefined && shippingState.code === storeInfo.gstState?.code,
        );

  /** The buyer's GSTIN, checked as the server checks it; blank is none. */
  const checkedGstin = (): { ok: boolean; gstin?: string } => {
    if (!buyerGstin.trim()) return { ok: true };
    const checked = checkGstin(buyerGstin);
    setGstinError(checked.valid ? undefined : checked.error);
    return checked.valid ? { ok: true, gstin: checked.gstin } : { ok: false };
  };

  const placeOrder = handleSubmit(async (shippingAddress) => {
    if (cartIsEmpty() || availability.hasProblems) return;
    const business = checkedGstin();
    if (!business.ok) return;
    const company = buyerCompany.trim();
    const result = await createOrder({
      lines: orderLinesOf(items),
      shippingAddress,
      ...(business.gstin ? { buyerGstin: business.gstin } : {}),
      ...(company ? { buyerCompany: company } : {}),
      ...(saveAddress ? { saveAddress: true } : {}),
      ...(whatsappUpdates ? { whatsappUpdates: true } : {}),
      // The page's language is kept on the account: the order's emails are written in it.
      language: locale,
      ...(payingCod ? { paymentMethod: 'cod' as const } : {}),
      ...(couponCode ? { couponCode } : {}),
    });
    if (!result.ok || !result.data?.id) {
      // A refusal about one of the address's fields (a PIN the shop does not deliver to, a state that
      // is not the PIN's) is shown beside it; any other reason (stock, a limit) in a toast.
      if (!result.ok && showFieldError(form, result.field, result.error)) return;
      // A coupon refused at the last moment (used up meanwhile): said beside it, and taken off.
      if (!result.ok && result.field === 'couponCode') {
        setOrderCouponError(result.error ?? t('checkout.couponRefused'));
        return;
      }
      toast.error(t('checkout.orderFailed'), { description: (!result.ok && result.error) || t('checkout.tryLater') });
      return;
    }
    clearCart({ silent: true });
    await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    const addressSave = result.data.addressSave;
    if (addressSave) {
      await queryClient.invalidateQueries({ queryKey: savedAddressesQuery.queryKey });
      // The order is placed either way; a full address book is said, not hidden.
      if (!addressSave.saved) toast(t('checkout.addressNotSaved'), { description: addressSave.message });
    }
    // A COD order is confirmed by the code sent to its phone, on the order's page; others go to pay.
    const next = payingCod ? '/order-success' : '/payment';
    navigate(`${next}?orderId=${encodeURIComponent(result.data.id)}`, { state: { orderId: result.data.id } });
  }, showInvalid);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-slate-900">{t('checkout.title')}</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <form
          method="post"
          onSubmit={placeOrder}
          noValidate
          className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:col-span-2"
          aria-labelledby="shipping-heading"
        >
          <h2 id="shipping-heading" className="text-lg font-semibold text-slate-900">
            {t('checkout.shippingInfo')}
          </h2>
          {savedAddresses.length > 0 ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-900">{t('checkout.savedAddresses')}</legend>
              {savedAddresses.map((address) => (
                <label key={address.id} className="flex items-start gap-2 text-sm text-slate-700">
                  <input
                    type="radio"
                    name="saved-address"
                    className="mt-1 accent-brand-600"
                    checked={chosenId === address.id}
                    onChange={() => fillFrom(address)}
                  />
                  <span>
                    {addressLine(address)}
                    {address.isDefault ? (
                      <span className="ml-1 text-xs text-slate-600">{t('checkout.default')}</span>
                    ) : null}
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <AddressFields form={form} idPrefix="shipping" pincode={pincode} />
          <div className="flex items-center gap-2">
            <Checkbox
              id="save-address"
              checked={saveAddress}
              onChange={(event) => setSaveAddress(event.target.checked)}
            />
            <label htmlFor="save-address" className="text-sm text-slate-700">
              {t('checkout.saveAddress')}
            </label>
          </div>
          <div className="flex items-start gap-2">
            <Checkbox
              id="whatsapp-updates"
              className="mt-0.5"
              checked={whatsappUpdates}
              onChange={(event) => setWhatsappUpdates(event.target.checked)}
            />
            <label htmlFor="whatsapp-updates" className="text-sm text-slate-700">
              {WHATSAPP_CONSENT_TEXT} <span className="text-slate-500">{t('checkout.toPhoneAbove')}</span>
            </label>
          </div>
          <ReminderChoices />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t('checkout.gstin')}
              htmlFor="buyer-gstin"
              error={gstinError}
              description={t('checkout.gstinHelp')}
            >
              <Input
                id="buyer-gstin"
                autoComplete="off"
                maxLength={20}
                value={buyerGstin}
                onChange={(event) => {
                  setBuyerGstin(event.target.value);
                  setGstinError(undefined);
                }}
              />
            </FormField>
            <FormField label={t('checkout.company')} htmlFor="buyer-company">
              <Input
                id="buyer-company"
                autoComplete="organization"
                maxLength={150}
                value={buyerCompany}
                onChange={(event) => setBuyerCompany(event.target.value)}
              />
            </FormField>
          </div>
          <PaymentMethodChoice value={payingCod ? 'cod' : 'online'} onChange={setPaymentMethod} cod={cod} />
          {availability.hasProblems ? (
            <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {t('checkout.problems')}{' '}
              <Link to="/cart" className="font-semibold underline">
                {t('checkout.reviewCart')}
              </Link>
            </p>
          ) : null}
          <div className="flex items-center gap-4 border-t border-slate-100 pt-4">
            <p className="shrink-0">
              <span className="block text-sm text-slate-600">{t('cart.total')}</span>
              <span className="text-xl font-bold text-slate-900">{formatPrice(total)}</span>
            </p>
            <Button type="submit" size="lg" className="flex-1" disabled={isSubmitting || availability.hasProblems}>
              {isSubmitting ? t('checkout.placing') : t('checkout.place')}
            </Button>
          </div>
        </form>

        <aside
          aria-labelledby="checkout-summary-heading"
          className="h-fit space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="checkout-summary-heading" className="text-lg font-semibold text-slate-900">
            {t('cart.summary')}
          </h2>
          {items.length === 0 ? <p className="text-sm text-slate-600">{t('checkout.emptyCart')}</p> : null}
          <ul className="divide-y divide-slate-100 text-sm">
            {items.map((item) => (
              <li key={lineKey(item)} className="flex justify-between gap-3 py-2">
                <span className="text-slate-700">
                  {item.name} × {item.quantity}
                  {item.selectedSize || item.selectedColor ? (
                    <span className="block text-xs text-slate-600">
                      {item.variantLabel ?? optionsLabel(item.selectedSize, item.selectedColor)}
                    </span>
                  ) : null}
                </span>
                <span className="font-medium">{formatPrice(item.price * item.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className="space-y-2 border-t border-slate-100 pt-3 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-600">{t('checkout.items')}</dt>
              <dd>{formatPrice(quote ? quote.subtotal : subtotal)}</dd>
            </div>
            {discountLines(quote).map((line) => (
              <div key={line.label} className="flex justify-between text-green-800">
                <dt>{line.label}</dt>
                <dd>−{formatPrice(-line.amount)}</dd>
              </div>
            ))}
            <div className="flex justify-between">
              <dt className="text-slate-600">{t('cart.shipping')}</dt>
              {!pinPlace && ((quote && quote.shipping > 0) || (!quote && shipping && shipping.charge > 0)) ? (
                <dd className="text-slate-600">
                  {quote
                    ? t('checkout.shippingEnterPin', { price: formatPrice(quote.shipping) })
                    : t('checkout.enterPin')}
                </dd>
              ) : shippingCharge > 0 ? (
                <dd>{formatPrice(shippingCharge)}</dd>
              ) : (
                <dd className="text-green-700">{t('shipping.free')}</dd>
              )}
            </div>
            {codFee > 0 ? (
              <div className="flex justify-between">
                <dt className="text-slate-600">{t('checkout.codFee')}</dt>
                <dd>{formatPrice(codFee)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between text-base font-bold">
              <dt>{t('cart.total')}</dt>
              <dd>{formatPrice(total)}</dd>
            </div>
            {gst > 0 ? (
              <div className="flex justify-between text-slate-600">
                <dt>{t('checkout.ofWhichGst')}</dt>
                <dd>{formatPrice(gst)}</dd>
              </div>
            ) : null}
          </dl>
          <CouponField
            idPrefix="checkout"
            applied={couponCode}
            onApply={(code) => {
              setOrderCouponError(undefined);
              applyCoupon(code);
            }}
            refusal={orderCouponError ?? priced?.couponError}
            appliedLabel={quote?.coupon?.label}
          />
          {deliveryPin ? (
            <div className="space-y-1 border-t border-slate-100 pt-3">
              <p className="text-xs text-slate-600">{t('delivery.toPin', { pin: deliveryPin })}</p>
              <DeliveryForPin pin={deliveryPin} />
            </div>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

/** Whether the shopper has typed anything into the address yet (a saved one then does not overwrite it). */
/** The rate shipping is taxed at: the goods' highest (a product without a rate counts at the standard 18%). */
const goodsRate = (items: CartItem[], rates: Map<string, number | undefined>): number =>
  Math.max(0, ...items.map((item) => rates.get(item.id) ?? STANDARD_GST_RATE));

const addressStarted = (form: ShippingForm): boolean =>
  Object.values(form).some((value) => typeof value === 'string' && value.trim() !== '');
