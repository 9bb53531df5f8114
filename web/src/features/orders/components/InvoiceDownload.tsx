import type { OrderDocument } from '@netkart/contract';
import { useState } from 'react';
import { FileDown } from '@/components/icons';
import { Button } from '@/components/ui';
import { saveFile } from '@/lib/api-client';
import { type MessageKey, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { downloadDocument } from '../api';

const LABELS: Record<OrderDocument['type'], MessageKey> = {
  'tax-invoice': 'documents.invoice',
  receipt: 'documents.receipt',
  'credit-note': 'documents.creditNote',
};

/** The file a document saves as: invoice-NK-26-27-000001.pdf. */
const fileNameOf = (document: OrderDocument) =>
  `${document.type === 'tax-invoice' ? 'invoice' : document.type}-${document.number.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`;

/**
 * A download button for each document issued for the order (its invoice or receipt once paid, and
 * its credit note if then cancelled). The PDF is fetched with the shopper's token (or the contact
 * details that found the order) and saved, since a plain link cannot carry a bearer token.
 */
export function InvoiceDownload({
  orderId,
  documents,
  contactInfo,
}: {
  orderId: string;
  documents: OrderDocument[];
  contactInfo?: string;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const t = useT();
  if (documents.length === 0) return null;

  const download = async (document: OrderDocument) => {
    setBusy(document.number);
    const result = await downloadDocument(
      orderId,
      document.type === 'credit-note' ? 'credit-note' : 'invoice',
      contactInfo,
    );
    setBusy(null);
    if (result.ok) {
      saveFile(result.data, fileNameOf(document));
      return;
    }
    toast.error(t('documents.failed'), {
      description: result.error ?? t('documents.failedHint'),
    });
  };

  return (
    <div className="flex flex-wrap gap-2">
      {documents.map((document) => (
        <Button
          key={document.number}
          variant="outline"
          size="md"
          onClick={() => download(document)}
          disabled={busy !== null}
          title={document.number}
        >
          <FileDown aria-hidden="true" className="mr-2 h-4 w-4" />
          {busy === document.number ? t('documents.downloading') : t(LABELS[document.type])}
        </Button>
      ))}
    </div>
  );
}
