import { POLICY_SLUGS, type PolicySlug } from '@netkart/contract';
import { useEffect, useRef, useState } from 'react';
import { Button, FormField, Select, Textarea } from '@/components/ui';
import { POLICY_TITLES, sanitizeStoreHtml } from '@/features/policies/policy';
import { isAdminApiError } from '../../lib/api-client';
import { usePolicyPreview } from '../api';
import { FormProblem } from './Section';
import type { DetailsForm } from './store-details-form';

/** One policy at a time: its HTML, and a preview as the shop will show it once the server has cleaned it. */
export function Policies({
  form,
  slug,
  onSlug,
}: {
  form: DetailsForm;
  slug: PolicySlug;
  onSlug: (slug: PolicySlug) => void;
}) {
  const preview = usePolicyPreview();
  const [shown, setShown] = useState<{ slug: PolicySlug; html: string; changed: boolean } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const error = form.formState.errors.policies?.[slug]?.message;

  const show = async () => {
    setProblem(null);
    try {
      const answer = await preview.mutateAsync(form.getValues(`policies.${slug}`));
      setShown({ slug, html: sanitizeStoreHtml(answer.html), changed: answer.changed });
    } catch (failure) {
      if (!isAdminApiError(failure)) throw failure;
      if (failure.status !== 401) setProblem(failure.message);
    }
  };

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Policies</legend>
      <FormField label="Policy" htmlFor="store-policy">
        <Select
          id="store-policy"
          value={slug}
          onChange={(event) => {
            onSlug(event.target.value as PolicySlug);
            setShown(null);
          }}
        >
          {POLICY_SLUGS.map((name) => (
            <option key={name} value={name}>
              {POLICY_TITLES[name]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label={`${POLICY_TITLES[slug]} (HTML)`}
        htmlFor={`store-policy-${slug}`}
        error={error}
        description="Headings, paragraphs, lists and links. Left empty, the shop shows its own standard text."
      >
        <Textarea
          key={slug}
          id={`store-policy-${slug}`}
          rows={10}
          spellCheck={false}
          className="font-mono text-sm"
          {...form.register(`policies.${slug}`)}
        />
      </FormField>
      <Button variant="outline" onClick={show} disabled={preview.isPending}>
        Preview
      </Button>
      <FormProblem message={problem} />
      {shown && shown.slug === slug ? (
        <div className="space-y-2">
          {shown.changed ? (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Something unsafe (a script, an event handler, a style …) was removed: the shop will show it as below.
            </p>
          ) : null}
          <section aria-label="Preview" className="rounded-lg border border-dashed border-slate-300 p-3">
            <PreviewHtml html={shown.html} />
          </section>
        </div>
      ) : null}
    </fieldset>
  );
}

/** The policy as the shop renders it: sanitised by the server, then by DOMPurify as the shop does. */
function PreviewHtml({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.innerHTML = html;
  }, [html]);
  return <div ref={ref} className="prose-store" />;
}
