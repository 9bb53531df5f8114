import { GST_REPORT_FILES, type GstReportFile } from '@netkart/contract';
import { useState } from 'react';
import { Download } from '@/components/icons';
import { buttonClasses, Input, Label } from '@/components/ui';
import { adminUrl } from '../lib/api-client';

const NAMES: Record<GstReportFile, string> = {
  b2b: 'B2B invoices',
  b2cl: 'B2C large',
  b2cs: 'B2C small',
  cdnr: 'Credit notes (registered)',
  cdnur: 'Credit notes (unregistered)',
  'hsn-b2b': 'HSN summary (B2B)',
  'hsn-b2c': 'HSN summary (B2C)',
};

/** GSTR-1's tables of a month (India time), one CSV each, as the GST offline tool names its columns. */
export function GstReportDownloads({ today }: { today: string }) {
  const [month, setMonth] = useState(today.slice(0, 7));
  const ready = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <section aria-labelledby="gst-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="gst-heading" className="text-lg font-semibold text-slate-900">
        GST return (GSTR-1)
      </h2>
      <div className="min-w-36 space-y-1.5 sm:w-48">
        <Label htmlFor="gst-month">Month</Label>
        <Input id="gst-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
      </div>
      <div className="flex flex-wrap gap-2">
        {GST_REPORT_FILES.map((file) => (
          <a
            key={file}
            href={ready ? adminUrl('/reports/gst', { month, file }) : undefined}
            download
            aria-disabled={!ready}
            className={buttonClasses('outline')}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            {NAMES[file]}
          </a>
        ))}
      </div>
      {!ready ? <p className="text-sm text-red-700">Choose a month.</p> : null}
    </section>
  );
}
