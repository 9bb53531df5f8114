import type { AdminTicket, TicketStatus } from '@netkart/contract';
import { Link, useSearchParams } from 'react-router';
import { Button, EmptyState, Skeleton } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { Pager } from '../../components/Pager';
import { useTitle } from '../../lib/use-title';
import { pageCount } from '../../orders/list-state';
import { useTicketList } from '../api';

const TABS: Array<{ status: TicketStatus; label: string }> = [
  { status: 'open', label: 'Open' },
  { status: 'closed', label: 'Closed' },
];

export const ticketPath = (number: string) => `/admin/tickets/${encodeURIComponent(number)}`;

/** Where the list is, in the page's address: ?status=closed&page=2 (open and page 1 are left out). */
function readState(params: URLSearchParams): { status: TicketStatus; page: number } {
  const page = Number(params.get('page') ?? '');
  return {
    status: params.get('status') === 'closed' ? 'closed' : 'open',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function writeState(state: { status: TicketStatus; page: number }): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status === 'closed') params.set('status', 'closed');
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** Messages from the contact form, newest first: the open ones to answer, and those already handled. */
export function TicketsPage() {
  useTitle('Tickets');
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const list = useTicketList(state.status, state.page);

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Tickets</h1>
      <nav aria-label="Ticket status" className="-mx-1 flex flex-wrap gap-1">
        {TABS.map((tab) => {
          const current = state.status === tab.status;
          return (
            <Link
              key={tab.status}
              to={{ search: writeState({ status: tab.status, page: 1 }).toString() }}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium',
                current ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
              )}
            >
              {tab.label}{' '}
              <span
                className={cn(
                  'rounded-full px-1.5 text-xs tabular-nums',
                  current ? 'bg-white/20' : 'bg-slate-100 text-slate-700',
                )}
              >
                {list.data ? list.data.counts[tab.status] : '…'}
              </span>
            </Link>
          );
        })}
      </nav>

      {list.isError ? (
        <div role="alert" className="space-y-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <p>{list.data ? `The list could not be refreshed: ${list.error.message}` : list.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {!list.data ? (
        list.isError ? null : (
          <div role="status" aria-label="Loading tickets" className="space-y-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )
      ) : list.data.data.length === 0 ? (
        <EmptyState
          title={state.status === 'open' ? 'No open tickets' : 'No closed tickets'}
          description={
            state.status === 'open'
              ? 'Messages sent through the contact form show here until they are handled.'
              : 'Tickets marked as handled show here.'
          }
        />
      ) : (
        <>
          <TicketList tickets={list.data.data} />
          <Pager
            page={state.page}
            pages={pageCount(list.data.total, list.data.limit)}
            onPage={(page) => setParams(writeState({ ...state, page }))}
          />
        </>
      )}
    </div>
  );
}

function TicketList({ tickets }: { tickets: AdminTicket[] }) {
  return (
    <ul
      aria-label="Tickets, newest first"
      className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
    >
      {tickets.map((ticket) => (
        <li key={ticket.number} className="grid gap-1 p-3 text-sm md:grid-cols-[8rem_11rem_1fr_2fr] md:gap-4">
          <Link to={ticketPath(ticket.number)} className="font-mono font-medium text-brand-700 hover:underline">
            {ticket.number}
          </Link>
          <time dateTime={ticket.createdAt} className="text-slate-600">
            {formatDateTime(ticket.createdAt)}
          </time>
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{ticket.name}</p>
            <p className="truncate text-slate-600">{ticket.email}</p>
          </div>
          <p className="min-w-0 break-words text-slate-800">{ticket.subject}</p>
        </li>
      ))}
    </ul>
  );
}
