import { useState } from 'react';
import { Button, Input, Label } from '@/components/ui';
import { adminUrl, isAdminApiError } from '../lib/api-client';
import { Section } from '../settings/components/Section';
import { useSaveSignature, useSignatureVersion } from './api';

/** The signature printed above "Authorised Signatory" on every invoice (CGST rule 46(q)). */
export function SignatureSection() {
  const version = useSignatureVersion();
  const save = useSaveSignature();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const problem = save.error && isAdminApiError(save.error) ? save.error.message : null;
  return (
    <Section id="settings-signature" title="Invoice signature">
      <p className="text-sm text-slate-600">
        A PNG of your signature (at most 200 KB), printed above “Authorised Signatory” on every invoice.
      </p>
      {version.data && !missing ? (
        <img
          src={adminUrl('/invoice-signature', { v: version.data })}
          alt="The signature on your invoices"
          className="h-16 max-w-xs rounded border border-slate-200 bg-white object-contain p-1"
          onError={() => setMissing(true)}
          onLoad={() => setMissing(false)}
        />
      ) : (
        <p className="text-sm text-slate-700">No signature yet.</p>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (file) save.mutate(file, { onSuccess: () => setMissing(false) });
        }}
      >
        <div className="space-y-1.5">
          <Label htmlFor="signature-file">Signature (PNG)</Label>
          <Input
            id="signature-file"
            type="file"
            accept="image/png"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <Button type="submit" disabled={!file || save.isPending}>
          Upload signature
        </Button>
        {!missing && version.data ? (
          <Button type="button" variant="outline" disabled={save.isPending} onClick={() => save.mutate(null)}>
            Remove
          </Button>
        ) : null}
      </form>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </Section>
  );
}
