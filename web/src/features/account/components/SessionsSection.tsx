import type { AccountSession } from '@netkart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Monitor } from '@/components/icons';
import { Badge, Button, Skeleton } from '@/components/ui';
import { type Translate, useDates, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { accountSessionsQuery, endOtherSessions, endSession } from '../api';

const deviceName = (session: AccountSession, t: Translate) => session.device || t('sessions.unknownDevice');

/** Where the shopper is signed in: each device with its last use (India time), and a way to sign it out. */
export function SessionsSection() {
  const t = useT();
  const dates = useDates();
  const queryClient = useQueryClient();
  const sessions = useQuery(accountSessionsQuery);
  const [busy, setBusy] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey });

  const signOutOne = async (session: AccountSession) => {
    setBusy(true);
    const result = await endSession(session.id);
    setBusy(false);
    // Already ended elsewhere (404): the list is refreshed all the same.
    if (!result.ok && result.status !== 404) {
      toast.error(t('common.error'), { description: result.error ?? t('account.failed') });
      return;
    }
    toast.success(t('sessions.signedOut'), {
      description: t('sessions.deviceSignedOut', { device: deviceName(session, t) }),
    });
    await refresh();
  };

  const signOutOthers = async () => {
    setBusy(true);
    const result = await endOtherSessions();
    setBusy(false);
    if (!result.ok) {
      toast.error(t('common.error'), { description: result.error ?? t('account.failed') });
      return;
    }
    const { ended } = result.data;
    toast.success(t('sessions.signedOut'), { description: t('sessions.othersSignedOut', { ended }) });
    await refresh();
  };

  const others = sessions.data?.filter((session) => !session.current) ?? [];

  return (
    <section aria-labelledby="sessions-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
        {t('sessions.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t('sessions.intro')}</p>
      {sessions.isPending ? (
        <Skeleton className="mt-4 h-16 w-full rounded-xl" />
      ) : sessions.isError ? (
        <p className="mt-4 text-sm text-red-700">{t('sessions.loadFailed')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
              <Monitor aria-hidden="true" className="h-5 w-5 text-slate-500" />
              <div className="flex-1">
                <p className="font-medium text-slate-900">
                  {deviceName(session, t)}{' '}
                  {session.current ? <Badge tone="green">{t('sessions.thisDevice')}</Badge> : null}
                </p>
                <p className="text-sm text-slate-600">
                  {t('sessions.lastUsed', { when: dates.dateTime(session.lastUsedAt) })}
                </p>
              </div>
              {session.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={t('sessions.signOutNamed', {
                    device: deviceName(session, t),
                    when: dates.dateTime(session.lastUsedAt),
                  })}
                  onClick={() => signOutOne(session)}
                >
                  {t('sessions.signOut')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 ? (
        <Button variant="outline" className="mt-4" disabled={busy} onClick={signOutOthers}>
          {t('sessions.signOutOthers')}
        </Button>
      ) : null}
    </section>
  );
}
