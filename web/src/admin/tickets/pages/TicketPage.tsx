import { Link, useParams } from 'react-router';
import { ArrowLeft, Mail } from '@/components/icons';
import { Badge, Button, buttonClasses, Skeleton } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { useTitle } from '../../lib/use-title';
import { useCloseTicket, useTicket } from '../api';

/** A reply in the merchant's own mail program, to the shopper, quoting the ticket. */
const replyLink = (ticket: { email: string; number: string; subject: string }) =>
  `mailto:${encodeURIComponent(ticket.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(
    `Re: ${ticket.subject} [${ticket.number}]`,
  )}`;

/** One message from the contact form: who wrote, what, a reply link and 'Mark as handled'. */
export function TicketPage() {
  const { number = '' } = useParams();
  useTitle(`Ticket ${number}`);
  const ticket = useTicket(number);
  const close = useCloseTicket(number);

  if (ticket.isPending) {
    return (
      <div role="status" aria-label="Loading the ticket" className="space-y-3">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (!ticket.data) {
    return (
      <div className="space-y-4">
        <BackToTickets />
        <div role="alert" className="space-y-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <p>{ticket.error?.message}</p>
          <Button variant="outline" size="sm" onClick={() => ticket.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  const data = ticket.data;
  const open = data.status === 'open';
  return (
    <div className="space-y-5">
      <BackToTickets />
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-bold break-words text-slate-900">
          Ticket <span className="font-mono">{data.number}</span>
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge tone={open ? 'yellow' : 'green'}>{open ? 'Open' : 'Handled'}</Badge>
          <span>Received {formatDateTime(data.createdAt)}</span>
        </p>
      </div>

      <div className="flex flex-wrap gap-2">
        <a href={replyLink(data)} className={buttonClasses('outline')}>
          <Mail aria-hidden="true" className="h-4 w-4" />
          Reply by email
        </a>
        {open ? (
          <Button onClick={() => close.mutate()} disabled={close.isPending}>
            {close.isPending ? 'Saving...' : 'Mark as handled'}
          </Button>
        ) : null}
      </div>
      {close.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
          {close.error.message}
        </p>
      ) : null}

      <section aria-label="Message" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 text-sm">
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[6rem_1fr]">
          <dt className="text-slate-600">From</dt>
          <dd className="break-words">
            {data.name} &lt;
            <a href={replyLink(data)} className="text-brand-700 hover:underline">
              {data.email}
            </a>
            &gt;
          </dd>
          <dt className="text-slate-600">Subject</dt>
          <dd className="break-words font-medium">{data.subject}</dd>
        </dl>
        <p className="break-words whitespace-pre-line text-slate-800">{data.message}</p>
      </section>
    </div>
  );
}

function BackToTickets() {
  return (
    <Link to="/admin/tickets" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Tickets
    </Link>
  );
}
