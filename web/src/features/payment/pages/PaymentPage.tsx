import { PaymentReturn } from '@netkart/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui';
import { useAccountInfo } from '@/features/auth/api';
import { useOrder } from '@/features/orders/api';
import { CancelOrderButton } from '@/features/orders/components/CancelOrderDialog';
import { OrderAgainButton } from '@/features/orders/components/OrderAgainButton';
import { OrderSummary } from '@/features/orders/components/OrderSummary';
import { isCancelled, isPaid } from '@/features/orders/order-status';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useT } from '@/lib/i18n';
import { fetchPaymentFields } from '../api';
import { PaymentForm } from '../components/PaymentForm';
import { PaymentError, PaymentFailed, PaymentLoading, PaymentNotice } from '../components/PaymentStates';
import { type KnownDetails, NO_PROVIDER } from '../payment-fields';

/** A gateway's reason as a sentence: with its full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export default function PaymentPage() {
  const t = useT();
  usePageMeta(t('payment.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const orderId = searchParams.get('orderId') || (location.state as { orderId?: string } | null)?.orderId || '';
  // Set by the gateway's callback when it sends the payer back (contract PaymentReturn).
  const outcome = PaymentReturn.safeParse(searchParams.get('payment')).data;
  const reason = searchParams.get('reason')?.trim() ?? '';
  const order = useOrder(orderId);
  const fields = useQuery({
    queryKey: ['paymentFields'],
    queryFn: fetchPaymentFields,
    enabled: !!orderId,
    retry: false,
  });
  const account = useAccountInfo({ enabled: !!orderId });
  // Said once the shopper cancels here (the items back in the cart) or orders a cancelled one again.
  const [undone, setUndone] = useState<{ message: string; cartBack: boolean } | null>(null);

  if (!orderId) return <PaymentError message={t('payment.missingOrder')} />;
  // The order is read first: a paid or cancelled order never shows a form.
  if (order.isPending) return <PaymentLoading />;
  if (order.isError) return <PaymentError message={order.error.message} />;
  const paidFor = order.data;
  const summary = <OrderSummary order={paidFor} />;

  if (outcome === 'refund') {
    return (
      <PaymentNotice title={t('payment.refundTitle')} summary={summary}>
        {reason ? t('payment.refundBecause', { reason: sentence(reason) }) : t('payment.refund')}
      </PaymentNotice>
    );
  }
  if (isPaid(paidFor.status)) {
    return (
      <PaymentNotice title={t('payment.paidTitle')} tone="success" summary={summary}>
        {t('payment.nothingToPay', { id: paidFor.id })}
      </PaymentNotice>
    );
  }
  if (isCancelled(paidFor.status)) {
    return (
      <PaymentNotice
        title={t('success.cancelledTitle')}
        summary={summary}
        actions={
          undone?.cartBack ? (
            <Link to="/cart" className={buttonClasses('primary', 'md')}>
              {t('orders.viewCart')}
            </Link>
          ) : (
            <OrderAgainButton order={paidFor} onDone={setUndone} />
          )
        }
      >
        {undone
          ? undone.message
          : paidFor.cancelReason
            ? t('payment.cancelledBecause', { id: paidFor.id, reason: paidFor.cancelReason })
            : t('payment.cancelled', { id: paidFor.id })}
      </PaymentNotice>
    );
  }
  if (fields.isPending || account.isPending) return <PaymentLoading />;
  if (fields.isError) return <PaymentError message={t('payment.loadFailed')} />;
  if (fields.data.provider === NO_PROVIDER) {
    return (
      <PaymentNotice title={t('payment.title')} summary={summary}>
        {t('payment.notSetUp')}
      </PaymentNotice>
    );
  }
  if (outcome === 'failed') {
    const retry = () => setSearchParams({ orderId }, { replace: true });
    return (
      <PaymentFailed
        reason={reason}
        onRetry={retry}
        summary={summary}
        actions={<CancelOrderButton order={paidFor} onCancelled={setUndone} />}
      />
    );
  }
  const info = account.data;
  const address = paidFor.shippingAddress;
  const known: KnownDetails = {
    name: info ? `${info.firstName ?? ''} ${info.lastName ?? ''}`.trim() || address.fullName : address.fullName,
    email: info?.email ?? undefined,
    phone: address.phone,
    address: address.address,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
  };
  return (
    <PaymentForm
      orderId={orderId}
      fields={fields.data.fields}
      methods={fields.data.methods}
      known={known}
      summary={summary}
    />
  );
}
