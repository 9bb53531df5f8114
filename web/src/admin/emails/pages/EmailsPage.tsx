import { ADMIN_EMAIL_FILTERS, type AdminEmail, type AdminEmailFilter } from '@netkart/contract';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge, Button, EmptyState, Skeleton } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { LoadProblem } from '../../components/LoadProblem';
import { Pager } from '../../components/Pager';
import { useTitle } from '../../lib/use-title';
import { pageCount } from '../../orders/list-state';
import { useEmails, useSendAgain, useSendAllAgain } from '../api';

const TAB_LABELS: Record<AdminEmailFilter, string> = { all: 'All', waiting: 'Waiting', failed: 'Failed', sent: 'Sent' };
/** What each kind of text message is, in words (its text is not shown: a code is the shopper's alone). */
const TEXT_LABELS: Record<string, string> = { 'sms.cod-code': 'Cash-on-delivery confirmation code' };
const STATUS_WORDS: Record<AdminEmail['status'], string> = { pending: 'Waiting', sent: 'Sent', failed: 'Failed' };

const filterOf = (value: string | null): AdminEmailFilter =>
  (ADMIN_EMAIL_FILTERS as readonly string[]).includes(value ?? '') ? (value as AdminEmailFilter) : 'all';

/** What the shop emailed or texted, what waits to be sent, and what it gave up on: with a way to send again. */
export function EmailsPage() {
  useTitle('Messages');
  const [params, setParams] = useSearchParams();
  const status = filterOf(params.get('status'));
  const asked = Number(params.get('page') ?? '');
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const emails = useEmails(status, page);
  const sendAgain = useSendAgain();
  const sendAll = useSendAllAgain();
  const link = (next: { status?: AdminEmailFilter; page?: number }) => {
    const search = new URLSearchParams();
    const nextStatus = next.status ?? status;
    if (nextStatus !== 'all') search.set('status', nextStatus);
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    return { search: search.toString() };
  };
  const resendAll = () =>
    sendAll.mutate(undefined, {
      onSuccess: ({ count }) =>
        toast.success(`${count} ${count === 1 ? 'message' : 'messages'} will be sent again within a minute.`),
      onError: (error) => toast.error(error.message),
    });

  const undelivered = emails.data ? emails.data.waiting + emails.data.failed : 0;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Messages</h1>
        {undelivered > 0 ? (
          <Button onClick={resendAll} disabled={sendAll.isPending}>
            Send all waiting and failed now
          </Button>
        ) : null}
      </div>
      {emails.data && emails.data.failed > 0 ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
          {emails.data.failed} {emails.data.failed === 1 ? 'email was' : 'emails were'} not delivered for a day and
          given up. Check the mail server (SMTP_URL), then send them again.
        </p>
      ) : null}

      <nav aria-label="Message status" className="-mx-1 flex flex-wrap gap-1">
        {ADMIN_EMAIL_FILTERS.map((filter) => (
          <Link
            key={filter}
            to={link({ status: filter })}
            aria-current={filter === status ? 'page' : undefined}
            className={cn(
              'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium',
              filter === status
                ? 'bg-brand-600 text-white'
                : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
            )}
          >
            {TAB_LABELS[filter]}
          </Link>
        ))}
      </nav>

      {!emails.data ? (
        emails.isError ? (
          <LoadProblem error={emails.error} onRetry={() => emails.refetch()} />
        ) : (
          <div role="status" aria-label="Loading the messages" className="space-y-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )
      ) : emails.data.data.length === 0 ? (
        <EmptyState
          title="No messages here"
          description="Order emails to shoppers and to you, password resets, replies to contact messages and text messages (SMS) show here."
        />
      ) : (
        <>
          <ol
            aria-label="Messages, newest first"
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
          >
            {emails.data.data.map((email) => (
              <EmailRow
                key={email.id}
                email={email}
                sending={sendAgain.isPending && sendAgain.variables === email.id}
                onSendAgain={() =>
                  sendAgain.mutate(email.id, {
                    onSuccess: () => toast.success(`“${email.subject}” will be sent again within a minute.`),
                    onError: (error) => toast.error(error.message),
                  })
                }
              />
            ))}
          </ol>
          <Pager
            page={page}
            pages={pageCount(emails.data.total, emails.data.limit)}
            onPage={(next) => setParams(new URLSearchParams(link({ page: next }).search))}
          />
        </>
      )}
    </div>
  );
}

function EmailRow({ email, sending, onSendAgain }: { email: AdminEmail; sending: boolean; onSendAgain: () => void }) {
  return (
    <li className="grid gap-1 p-3 text-sm md:grid-cols-[11rem_1fr_auto] md:items-center md:gap-4">
      <time dateTime={email.createdAt} className="text-slate-600">
        {formatDateTime(email.createdAt)}
      </time>
      <div className="min-w-0">
        {email.channel === 'sms' ? (
          <p className="flex flex-wrap items-center gap-2 font-medium break-words text-slate-900">
            <Badge tone="purple" title="Text message">
              SMS
            </Badge>
            {TEXT_LABELS[email.kind] ?? email.subject}
          </p>
        ) : (
          <p className="font-medium break-words text-slate-900">{email.subject}</p>
        )}
        <p className="break-words text-slate-600">To {email.recipient}</p>
        {email.status !== 'sent' && email.lastError ? (
          <p className="break-words text-red-700">
            Last try: {email.lastError} ({email.attempts} {email.attempts === 1 ? 'try' : 'tries'})
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            email.status === 'sent' && 'bg-green-50 text-green-800',
            email.status === 'pending' && 'bg-amber-50 text-amber-900',
            email.status === 'failed' && 'bg-red-50 text-red-800',
          )}
        >
          {STATUS_WORDS[email.status]}
        </span>
        {email.status === 'sent' ? null : (
          <Button variant="outline" size="sm" onClick={onSendAgain} disabled={sending}>
            Send again
          </Button>
        )}
      </div>
    </li>
  );
}
