import type { CatalogueImportReport } from '@netkart/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Upload, X } from '@/components/icons';
import { Button, Input, Label } from '@/components/ui';
import { isAdminApiError } from '../../lib/api-client';
import { ImportRefused, useImportCatalogue } from '../api';

/** A catalogue file (.csv or .json, as `store products import` takes it): checked first, then imported. */
export function ImportDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline">
          <Upload aria-hidden="true" className="h-4 w-4" />
          Import CSV
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold text-slate-900">Import products</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-2 -mr-2">
                <X aria-hidden="true" className="h-5 w-5" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            A .csv or .json catalogue, as the export writes it. A product whose SKU the shop has is updated; a new SKU
            is a new product. Check shows what would change without writing anything.
          </Dialog.Description>
          <ImportForm />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type Outcome = { kind: 'checked' | 'imported' | 'refused'; report: CatalogueImportReport } | null;

function ImportForm() {
  const fileId = useId();
  const importer = useImportCatalogue();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const run = async (dryRun: boolean) => {
    setProblem(null);
    setOutcome(null);
    if (!file) {
      setProblem('Choose a .csv or .json file.');
      return;
    }
    if (!/\.(csv|json)$/i.test(file.name)) {
      setProblem('A catalogue is a .csv or .json file.');
      return;
    }
    try {
      const report = await importer.mutateAsync({ file, dryRun });
      setOutcome({ kind: dryRun ? 'checked' : report.written ? 'imported' : 'refused', report });
      if (report.written) toast.success(`Imported: ${report.created} new, ${report.updated} updated.`);
    } catch (error) {
      if (error instanceof ImportRefused) setOutcome({ kind: 'refused', report: error.report });
      else if (isAdminApiError(error)) setProblem(error.message);
      else throw error;
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(true);
  };
  const report = outcome?.report;
  const clean = report && report.problems.length === 0;

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor={fileId}>Catalogue file</Label>
        <Input
          id={fileId}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          className="py-2"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setOutcome(null);
            setProblem(null);
          }}
        />
      </div>
      {problem ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      {outcome ? <ImportReport report={outcome.report} kind={outcome.kind} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" variant="outline" disabled={importer.isPending}>
          Check
        </Button>
        <Button
          variant="primary"
          disabled={importer.isPending || !file || (outcome?.kind === 'checked' && !clean)}
          onClick={() => void run(false)}
        >
          Import
        </Button>
      </div>
    </form>
  );
}

export function ImportReport({
  report,
  kind,
}: {
  report: CatalogueImportReport;
  kind: 'checked' | 'imported' | 'refused';
}) {
  const problems = report.problems.length > 0;
  return (
    <section aria-label="Import report" className="space-y-3 text-sm" aria-live="polite">
      {problems ? (
        <div role="alert" className="space-y-2 rounded-lg bg-red-50 px-3 py-2 text-red-900">
          <p className="font-semibold">
            {report.problems.length} {report.problems.length === 1 ? 'problem' : 'problems'} in {report.fileName}:
            nothing was written.
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {report.problems.map((item) => (
              <li key={`${item.line}:${item.message}`}>
                {item.line > 0 ? `Line ${item.line}: ` : ''}
                {item.message}
              </li>
            ))}
          </ul>
        </div>
      ) : kind === 'imported' ? (
        <p className="rounded-lg bg-green-50 px-3 py-2 text-green-900">
          Imported {report.fileName}: {report.created} new, {report.updated} updated, {report.unchanged} unchanged.
        </p>
      ) : (
        <p className="rounded-lg bg-slate-100 px-3 py-2 text-slate-800">
          {report.fileName} can be imported: {report.created} new, {report.updated} updated, {report.unchanged}{' '}
          unchanged. Nothing is written until you press Import.
        </p>
      )}
      {report.warnings.length > 0 ? (
        <div className="space-y-1 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          <p className="font-semibold">To check</p>
          <ul className="list-disc space-y-1 pl-5">
            {report.warnings.map((item) => (
              <li key={`${item.line}:${item.message}`}>
                {item.line > 0 ? `Line ${item.line}: ` : ''}
                {item.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.changes.length > 0 ? (
        <div className="space-y-1">
          <p className="font-semibold">{kind === 'imported' ? 'What changed' : 'What would change'}</p>
          <ul className="max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
            {report.changes.map((change) => (
              <li key={change.sku} className="px-3 py-1.5 break-words">
                <span className="font-mono">{change.sku}</span>{' '}
                {change.change === 'new' ? 'new product' : `updated: ${change.fields.join(', ')}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
