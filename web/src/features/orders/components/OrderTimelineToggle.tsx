import { useState } from 'react';
import { Button, Skeleton } from '@/components/ui';
import { useT } from '@/lib/i18n';
import { useOrder } from '../api';
import { OrderTimeline } from './OrderTimeline';

/** My Orders' lists stay light: an order's timeline is fetched (with the order) when the shopper opens it. */
export function OrderTimelineToggle({ orderId }: { orderId: string }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const order = useOrder(orderId, { enabled: open });
  const panelId = `timeline-${orderId}`;
  return (
    <div className="space-y-3">
      <Button variant="outline" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {open ? t('timeline.hide') : t('timeline.show')}
      </Button>
      {open ? (
        <div id={panelId}>
          {order.data ? (
            <OrderTimeline timeline={order.data.timeline ?? []} />
          ) : order.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {t('timeline.failed')}
            </p>
          ) : (
            <Skeleton role="status" aria-label={t('timeline.loading')} className="h-24 w-full" />
          )}
        </div>
      ) : null}
    </div>
  );
}
