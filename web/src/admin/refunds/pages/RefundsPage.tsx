import type { AdminRefund } from '@netkart/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button, EmptyState, FormField, Input, Skeleton } from '@/components/ui';
import { useMay } from '../../auth/session';
import { isAdminApiError } from '../../lib/api-client';
import { useTitle } from '../../lib/use-title';
import { useRecordRefund, useRefunds } from '../api';
import { RefundSummary } from '../RefundSummary';

/**
 * The refunds the store owes and made: those to refund first (due, or failed at the gateway), each
 * with a form to record it made by its reference; then those with the gateway; then those made.
 */
export function RefundsPage() {
  useTitle('Refunds');
  const list = useRefunds();
  const refunds = list.data?.data ?? [];
  const toRefund = refunds.filter((refund) => refund.status === 'due' || refund.status === 'failed');
  const withGateway = refunds.filter((refund) => refund.status === 'requested');
  const refunded = refunds.filter((refund) => refund.status === 'refunded');

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Refunds</h1>
      {list.isError ? (
        <div role="alert" className="space-y-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <p>{list.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {!list.data ? (
        list.isError ? null : (
          <div role="status" aria-label="Loading refunds" className="space-y-2">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        )
      ) : refunds.length === 0 ? (
        <EmptyState
          title="No refunds"
          description="When a paid order is cancelled or returned, the money it owes the shopper shows here."
        />
      ) : (
        <>
          <Section title={`To refund (${toRefund.length})`} refunds={toRefund} recordable />
          <Section title={`With the gateway (${withGateway.length})`} refunds={withGateway} />
          <Section title={`Refunded (${refunded.length})`} refunds={refunded} />
        </>
      )}
    </div>
  );
}

function Section({ title, refunds, recordable }: { title: string; refunds: AdminRefund[]; recordable?: boolean }) {
  const may = useMay('orders.change');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {refunds.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul
          aria-labelledby={headingId}
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
        >
          {refunds.map((refund) => (
            <li key={refund.id} className="space-y-2 p-3 text-sm">
              <RefundSummary refund={refund} />
              {recordable && may ? <RecordRefundForm refund={refund} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Records a refund the merchant made: the transfer's reference (a UTR), and the amount when less was refunded. */
function RecordRefundForm({ refund }: { refund: AdminRefund }) {
  const record = useRecordRefund();
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = reference.trim();
    if (!given) {
      setProblem({ field: 'reference', message: "Enter the refund's reference: the UTR of the transfer." });
      return;
    }
    const rupees = amount.trim() === '' ? undefined : Number(amount.replace(/,/g, ''));
    if (rupees !== undefined && (!Number.isFinite(rupees) || rupees <= 0)) {
      setProblem({ field: 'amount', message: 'The amount refunded is in rupees, like 1499.50.' });
      return;
    }
    setProblem(null);
    record.mutate(
      { orderId: refund.orderId, body: { reference: given, ...(rupees === undefined ? {} : { amount: rupees }) } },
      {
        onError: (error) =>
          setProblem({
            ...(isAdminApiError(error) && error.field ? { field: error.field } : {}),
            message: error.message,
          }),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-label={`Record refund of order ${refund.orderId}`}
      className="flex flex-wrap items-end gap-2"
    >
      <FormField
        label="Refund reference (UTR)"
        htmlFor={`${id}-reference`}
        error={problem?.field === 'reference' ? problem.message : undefined}
        className="min-w-48 flex-1"
      >
        <Input
          id={`${id}-reference`}
          autoComplete="off"
          maxLength={40}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
      </FormField>
      <FormField
        label="Amount refunded (if less)"
        htmlFor={`${id}-amount`}
        error={problem?.field === 'amount' ? problem.message : undefined}
        className="w-40"
      >
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={String(refund.amount)}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </FormField>
      <Button type="submit" disabled={record.isPending}>
        Record refund
      </Button>
      {problem && problem.field !== 'reference' && problem.field !== 'amount' ? (
        <p role="alert" className="w-full text-red-800">
          {problem.message}
        </p>
      ) : null}
    </form>
  );
}
