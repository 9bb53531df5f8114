import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { WifiOff } from '@/components/icons';
import { Button, buttonClasses } from '@/components/ui';
import { useT } from '@/lib/i18n';
import { useOnline, usePageWaitingForNetwork } from '@/lib/network-status';

/** What a page says when it cannot be fetched without a network: at once, with a way to try again. */
export function OfflineNotice({ onRetry }: { onRetry(): void }) {
  const [stillOffline, setStillOffline] = useState(false);
  const t = useT();
  return (
    <section aria-labelledby="offline-heading" className="mx-auto max-w-xl px-4 py-16 text-center" data-offline-notice>
      <WifiOff aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
      <h1 id="offline-heading" className="mt-4 text-2xl font-bold text-slate-900">
        {t('offline.heading')}
      </h1>
      <p className="mt-2 text-slate-600">{t('offline.text')}</p>
      <p aria-live="polite" className="mt-2 min-h-6 text-sm text-slate-600">
        {stillOffline ? t('offline.still') : ''}
      </p>
      <div className="mt-4 flex justify-center gap-3">
        <Button
          onClick={() => {
            const online = navigator.onLine;
            setStillOffline(!online);
            if (online) onRetry();
          }}
        >
          {t('offline.retry')}
        </Button>
        {/* A whole page load: offline, the shop's offline page shows the cart even when the cart page's code was never fetched. */}
        <Link to="/cart" reloadDocument className={buttonClasses('outline')}>
          {t('offline.viewCart')}
        </Link>
      </div>
    </section>
  );
}

/**
 * Where a page that could not be opened lands (its code or its data failed to arrive): offline, the
 * notice, and Retry opens it again; otherwise the same words as a page that failed to load.
 */
export function PageError() {
  const online = useOnline();
  const t = useT();
  const reload = () => window.location.reload();
  if (!online) return <OfflineNotice onRetry={reload} />;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-slate-700">{t('pageError.text')}</p>
      <Button className="mt-4" onClick={reload}>
        {t('common.tryAgain')}
      </Button>
    </div>
  );
}

/**
 * The page, unless it waits for data it cannot have offline: then the notice instead. The page stays
 * mounted (hidden) so that its data comes by itself, and shows, once the network is back.
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const waiting = usePageWaitingForNetwork();
  const queryClient = useQueryClient();
  return (
    <>
      {waiting ? (
        <OfflineNotice
          onRetry={() => {
            // The browser may not have said it is back: the query client is told, and the page asks again.
            onlineManager.setOnline(true);
            void queryClient.refetchQueries({ type: 'active' });
          }}
        />
      ) : null}
      <div hidden={waiting}>{children}</div>
    </>
  );
}
