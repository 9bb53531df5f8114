import { type AdminOrder, EWAY_BILL_NUMBER, EWAY_BILL_THRESHOLD_RUPEES } from '@netkart/contract';
import { useState } from 'react';
import { Button, Input, Label } from '@/components/ui';
import { useMay } from '../auth/session';
import { isAdminApiError } from '../lib/api-client';
import { useEwayBill, useSaveEwayBill } from './api';

const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/**
 * The e-way bill of an invoiced order's consignment (rule 138: needed over ₹50,000), typed by the
 * merchant from the e-way bill portal; the invoice prints it once it is recorded.
 */
export function EwayBillPanel({ order }: { order: AdminOrder }) {
  const invoiced = order.documents.some((document) => document.type === 'tax-invoice');
  const bill = useEwayBill(order.id);
  const save = useSaveEwayBill(order.id);
  const [number, setNumber] = useState('');
  const [date, setDate] = useState(indiaToday());
  const may = useMay('orders.change');
  if (!invoiced) return null;
  const recorded = bill.data?.ewayBill;
  const needed = order.total > EWAY_BILL_THRESHOLD_RUPEES;
  const problem = save.error && isAdminApiError(save.error) ? save.error : null;
  const typed = number.replace(/\s+/g, '');
  return (
    <section aria-label="E-way bill" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <h2 className="mb-2 text-base font-semibold text-slate-900">E-way bill</h2>
      {recorded ? (
        <>
          <p>
            No. <span className="font-mono">{recorded.number}</span> of {recorded.date.split('-').reverse().join('-')}
          </p>
          {may ? (
            <Button variant="outline" size="sm" disabled={save.isPending} onClick={() => save.mutate(null)}>
              Remove
            </Button>
          ) : null}
        </>
      ) : !may ? (
        <p className="text-slate-600">No e-way bill recorded.</p>
      ) : (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ number: typed, date });
          }}
        >
          <p className={needed ? 'font-medium text-amber-800' : 'text-slate-600'}>
            {needed
              ? 'This consignment is worth more than ₹50,000: it travels with an e-way bill.'
              : 'Needed for consignments worth more than ₹50,000.'}
          </p>
          <div className="space-y-1.5">
            <Label htmlFor="eway-number">E-way bill number</Label>
            <Input
              id="eway-number"
              inputMode="numeric"
              autoComplete="off"
              value={number}
              onChange={(event) => setNumber(event.target.value)}
              aria-invalid={problem?.field === 'number' || undefined}
              aria-describedby="eway-problem"
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="eway-date">Generated on</Label>
            <Input
              id="eway-date"
              type="date"
              value={date}
              max={indiaToday()}
              onChange={(e) => setDate(e.target.value)}
            />
          </div>
          <p id="eway-problem" role="alert" className="text-red-700">
            {problem
              ? problem.message
              : typed && !EWAY_BILL_NUMBER.test(typed)
                ? 'An e-way bill number has 12 digits.'
                : ''}
          </p>
          <Button type="submit" size="sm" disabled={save.isPending || !EWAY_BILL_NUMBER.test(typed)}>
            Save e-way bill
          </Button>
        </form>
      )}
    </section>
  );
}
