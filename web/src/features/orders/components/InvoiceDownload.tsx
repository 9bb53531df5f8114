import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui';
import { saveFile } from '@/lib/api-client';
import { downloadInvoice } from '../api';
import { isPaid } from '../order-status';

/**
 * "Download invoice" for a paid order. The PDF is fetched with the shopper's token (or the contact
 * details that found the order) and saved, since a plain link cannot carry a bearer token.
 */
export function InvoiceDownload({
  orderId,
  status,
  contactInfo,
}: {
  orderId: string;
  status: unknown;
  contactInfo?: string;
}) {
  const [busy, setBusy] = useState(false);
  if (!isPaid(status)) return null;

  const download = async () => {
    setBusy(true);
    const result = await downloadInvoice(orderId, contactInfo);
    setBusy(false);
    if (result.ok) {
      saveFile(result.data, `invoice-${orderId}.pdf`);
      return;
    }
    toast.error('Could not download the invoice', {
      description:
        result.status === 404
          ? 'This order has no invoice to download. Please contact us.'
          : (result.error ?? 'Please check your connection and try again.'),
    });
  };

  return (
    <Button variant="outline" size="md" onClick={download} disabled={busy}>
      <FileDown aria-hidden="true" className="mr-2 h-4 w-4" />
      {busy ? 'Downloading…' : 'Download invoice'}
    </Button>
  );
}
