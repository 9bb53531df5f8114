import { useState } from 'react';
import { Button } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { apiBaseUrl, apiRequest } from '@/lib/api-client';

type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

/** Checks that the storefront reaches its API (spec: /api-test). */
export default function ApiTestPage() {
  usePageMeta('API Connection Test');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [testing, setTesting] = useState(false);

  const test = async () => {
    setTesting(true);
    try {
      const result = await apiRequest<unknown>('/storeInfo');
      console.log('storeInfo response', result);
      setOutcome(
        result.ok
          ? { ok: true, text: 'Connection successful. The API is reachable.' }
          : { ok: false, text: 'Connection failed. Check console for details.' },
      );
    } catch (error) {
      setOutcome({ ok: false, text: `Unexpected error: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setTesting(false);
    }
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">API Connection Test</h1>
      <dl className="space-y-2 rounded-2xl bg-white p-6 text-sm shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap gap-2">
          <dt className="font-medium text-slate-900">Hostname:</dt>
          <dd className="text-slate-700">{window.location.hostname}</dd>
        </div>
        <div className="flex flex-wrap gap-2">
          <dt className="font-medium text-slate-900">Backend URL:</dt>
          <dd className="break-all text-slate-700">{apiBaseUrl()}</dd>
        </div>
      </dl>
      <Button onClick={test} disabled={testing}>
        {testing ? 'Testing...' : 'Test Connection'}
      </Button>
      {outcome ? (
        <p role="status" className={outcome.ok ? 'text-green-700' : 'text-red-700'}>
          {outcome.text}
        </p>
      ) : null}
    </div>
  );
}
