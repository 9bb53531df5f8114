import type { Order } from '@netkart/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, FormField, Input } from '@/components/ui';
import { useAuth } from '@/features/auth/auth-context';
import { OrderHelp } from '@/features/store-info/components/OrderHelp';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { findOrder } from '../api';
import { InvoiceDownload } from '../components/InvoiceDownload';
import { OrderHeading, OrderItemsTable, OrderShipping } from '../components/OrderDetails';
import { OrderTimeline } from '../components/OrderTimeline';
import { toOrderView } from '../order-view';

export default function TrackOrderPage() {
  const t = useT();
  usePageMeta(t('track.title'));
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  const [orderId, setOrderId] = useState(searchParams.get('id') ?? '');
  const [contactInfo, setContactInfo] = useState('');
  const [order, setOrder] = useState<Order | null>(null);
  // The email or phone that found the order: the invoice is fetched with it.
  const [foundWith, setFoundWith] = useState('');
  const [notFound, setNotFound] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  // The contact field defaults to the signed-in shopper's email.
  useEffect(() => {
    if (user?.email) setContactInfo((current) => current || user.email);
  }, [user?.email]);

  const track = async (event: FormEvent) => {
    event.preventDefault();
    if (!orderId.trim() || !contactInfo.trim()) {
      toast.error(t('track.requiredTitle'), { description: t('track.required') });
      return;
    }
    setSubmitting(true);
    const result = await findOrder(orderId.trim(), contactInfo.trim());
    setSubmitting(false);
    if (!result.ok || !result.data?.id) {
      setOrder(null);
      setNotFound(true);
      toast.error(t('common.error'), { description: t('track.failed') });
      return;
    }
    setNotFound(false);
    setOrder(result.data);
    setFoundWith(contactInfo.trim());
    toast.success(t('track.found'), { description: t('track.loaded') });
  };

  const view = order ? toOrderView(order) : null;
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t('track.title')}</h1>
        <p className="mt-1 text-slate-600">{t('track.intro')}</p>
      </div>
      <form
        method="post"
        onSubmit={track}
        noValidate
        className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <FormField label={t('track.orderNumber')} htmlFor="track-order-id">
          <Input
            id="track-order-id"
            value={orderId}
            onChange={(event) => setOrderId(event.target.value)}
            autoComplete="off"
          />
        </FormField>
        <FormField label={t('track.contact')} htmlFor="track-contact">
          <Input
            id="track-contact"
            value={contactInfo}
            onChange={(event) => setContactInfo(event.target.value)}
            autoComplete="email"
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? t('track.tracking') : t('nav.trackOrder')}
        </Button>
      </form>
      {notFound ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800">
          {t('track.notFound')}
        </p>
      ) : null}
      {view ? (
        <section
          aria-label={t('track.status')}
          className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <OrderHeading order={view} />
          <OrderShipping order={view} />
          {order?.timeline?.length ? (
            <div className="space-y-2">
              <h2 className="font-semibold text-slate-900">{t('track.timeline')}</h2>
              <OrderTimeline timeline={order.timeline} />
            </div>
          ) : null}
          <OrderItemsTable order={view} />
          <InvoiceDownload orderId={view.id} documents={view.documents} contactInfo={foundWith} />
        </section>
      ) : null}
      <OrderHelp />
    </div>
  );
}
