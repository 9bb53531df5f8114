import type { AdminOrder } from '@netkart/contract';
import { formatDateTime } from '@/lib/dates';

/** What goes in the parcel: only this prints (the rest of the page is hidden from the printer). */
export function PackingSlip({ order, storeName }: { order: AdminOrder; storeName: string }) {
  const address = order.shippingAddress;
  return (
    <section aria-label="Packing slip" className="hidden text-black print:block">
      <header className="flex items-baseline justify-between border-b-2 border-black pb-2">
        <p className="text-xl font-bold">{storeName}</p>
        <p className="text-right">
          Order <span className="font-mono font-bold">{order.id}</span>
          <br />
          {formatDateTime(order.createdAt)}
        </p>
      </header>
      <div className="my-6 text-3xl leading-snug">
        <p className="font-bold">{address.fullName}</p>
        <p className="whitespace-pre-line">{address.address}</p>
        <p>
          {address.city}, {address.state} {address.postalCode}
        </p>
        <p className="mt-2">Phone: {address.phone}</p>
      </div>
      <table className="w-full border-collapse text-left text-base">
        <thead>
          <tr className="border-b border-black">
            <th scope="col" className="w-16 py-1 pr-2">
              Qty
            </th>
            <th scope="col" className="py-1">
              Item
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id} className="border-b border-slate-400">
              <td className="py-1 pr-2 align-top text-lg font-bold whitespace-nowrap">{item.quantity} ×</td>
              <td className="py-1">
                {item.productTitle}
                {optionsOf(item) ? <span className="block text-sm">{optionsOf(item)}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** 'Size: 13" · Colour: Navy', or '' for an item without options. */
export function optionsOf(item: { size: string | null; color: string | null }): string {
  return [item.size ? `Size: ${item.size}` : '', item.color ? `Colour: ${item.color}` : ''].filter(Boolean).join(' · ');
}
