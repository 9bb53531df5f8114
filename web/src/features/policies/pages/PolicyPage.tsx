import { Navigate, useParams } from 'react-router';
import { Badge, Skeleton } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useStoreInfo } from '@/features/store-info/store-info';
import { type MessageKey, useT } from '@/lib/i18n';
import { useSiteOrigin } from '@/lib/site-origin';
import { isPolicySlug, type PolicySlug, policyContent } from '../policy';

/** Each policy's title as the page shows it (POLICY_TITLES has the spec's English ones). */
const POLICY_TITLE_KEYS: Record<PolicySlug, MessageKey> = {
  terms: 'footer.terms',
  privacy: 'footer.privacy',
  refund: 'footer.refund',
  return: 'policy.returnTitle',
  shipping: 'footer.shipping',
  about: 'footer.about',
};

export default function PolicyPage() {
  const { policyType } = useParams();
  const { storeInfo, isLoading } = useStoreInfo();
  const slug = isPolicySlug(policyType) ? policyType : null;
  const t = useT();
  const title = slug ? t(POLICY_TITLE_KEYS[slug]) : '';
  const companyName = storeInfo?.companyName || storeInfo?.storeName || '';
  const origin = useSiteOrigin();

  // Spec: '{title} | {companyName}'.
  usePageMeta(title, { brand: companyName, canonicalPath: `/${policyType ?? ''}` });

  if (!slug) return <Navigate to="/404" replace />;
  if (isLoading) {
    return (
      <div
        className="mx-auto max-w-3xl space-y-4 px-4 py-10"
        role="status"
        aria-busy="true"
        aria-label={t('common.loading')}
      >
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const content = policyContent(slug, storeInfo, origin ? new URL(origin).host : '');
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <Badge tone="brand">{t('policy.badge')}</Badge>
      <h1 className="mt-3 text-3xl font-bold text-slate-900">{title}</h1>
      {content.kind === 'html' ? (
        <StoreHtml html={content.html} />
      ) : (
        <div className="mt-6 space-y-6 leading-relaxed text-slate-700">
          <p>{content.text.intro}</p>
          {content.text.sections.map((section) => (
            <section key={section.heading} className="space-y-2">
              <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </div>
      )}
    </article>
  );
}

/** The store's own policy HTML, sanitised in policyContent. */
function StoreHtml({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when saved and by DOMPurify here
  return <div className="prose-store mt-6" dangerouslySetInnerHTML={{ __html: html }} />;
}
