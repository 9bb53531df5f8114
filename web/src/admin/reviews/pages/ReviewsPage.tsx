import { type AdminReview, type ReviewStatus, roleMay } from '@netkart/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, EmptyState, FormField, Input, Skeleton, Textarea } from '@/components/ui';
import { useSession } from '../../auth/session';
import { type StatusTab, StatusTabs, statusFromAddress } from '../../components/StatusTabs';
import { useTitle } from '../../lib/use-title';
import { useMoveReview, useReviewList } from '../api';

const TABS: StatusTab<ReviewStatus>[] = [
  { status: 'pending', label: 'To approve' },
  { status: 'approved', label: 'Approved' },
  { status: 'rejected', label: 'Rejected' },
  { status: undefined, label: 'All' },
];

const stars = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;

/** Shoppers' reviews: approve, or reject with a reason; a reply is the store's own words beneath. */
export default function ReviewsPage() {
  useTitle('Reviews');
  const [params] = useSearchParams();
  const status = statusFromAddress(TABS, params.get('status'));
  const list = useReviewList(status);
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Reviews</h1>
      <p className="text-sm text-slate-600">
        Reviews come only from shoppers with a delivered order of the product, and are shown once approved. Their words
        are never edited: approve one, reject it saying why, or reply beneath it.
      </p>
      <StatusTabs label="Review status" tabs={TABS} current={status} counts={list.data?.counts} />
      {list.isError ? (
        <div role="alert" className="space-y-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <p>{list.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : !list.data ? (
        <div role="status" aria-label="Loading reviews" className="space-y-2">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No reviews here" description="Reviews buyers write on the product pages show here." />
      ) : (
        <div className="space-y-3">
          {list.data.data.map((each) => (
            <ReviewCard key={each.id} review={each} />
          ))}
        </div>
      )}
    </div>
  );
}

function ReviewCard({ review }: { review: AdminReview }) {
  const session = useSession();
  const mayModerate = roleMay(session.role, 'catalogue.change');
  const move = useMoveReview(review.id);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState(review.reply ?? '');
  const headingId = `review-${review.id}`;
  return (
    <article aria-labelledby={headingId} className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id={headingId} className="font-semibold text-slate-900">
        <span className="sr-only">Review {review.id}: </span>
        {review.productTitle}
      </h2>
      <p className="text-sm text-slate-600">
        <span className="sr-only">{review.rating} of 5 stars</span>
        <span aria-hidden="true" className="text-amber-500">
          {stars(review.rating)}
        </span>{' '}
        by {review.author} · {new Date(review.createdAt).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata' })} ·{' '}
        {review.status}
      </p>
      {review.title ? <p className="font-medium text-slate-900">{review.title}</p> : null}
      <p className="whitespace-pre-line text-slate-700">{review.text}</p>
      {review.rejectReason ? <p className="text-sm text-red-700">Rejected: {review.rejectReason}</p> : null}
      {review.reply ? (
        <p className="rounded-lg bg-slate-50 p-2 text-sm text-slate-700">Your reply: {review.reply}</p>
      ) : null}
      {move.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {move.error.message}
        </p>
      ) : null}
      {mayModerate ? (
        <div className="flex flex-wrap gap-2">
          {review.status !== 'approved' ? (
            <Button size="sm" disabled={move.isPending} onClick={() => move.mutate({ move: 'approve' })}>
              Approve
            </Button>
          ) : null}
          {review.status !== 'rejected' ? (
            <Button size="sm" variant="outline" onClick={() => setRejecting(!rejecting)}>
              Reject…
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => setReplying(!replying)}>
            {review.reply ? 'Change reply…' : 'Reply…'}
          </Button>
        </div>
      ) : null}
      {rejecting ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            move.mutate({ move: 'reject', reason }, { onSuccess: () => setRejecting(false) });
          }}
        >
          <FormField label="Why it is rejected" htmlFor={`${headingId}-reason`} className="flex-1">
            <Input id={`${headingId}-reason`} value={reason} onChange={(event) => setReason(event.target.value)} />
          </FormField>
          <Button size="sm" type="submit" variant="destructive" disabled={move.isPending}>
            Reject review
          </Button>
        </form>
      ) : null}
      {replying ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            move.mutate({ move: 'reply', reply }, { onSuccess: () => setReplying(false) });
          }}
        >
          <FormField label="Reply, shown beneath the review" htmlFor={`${headingId}-reply`}>
            <Textarea id={`${headingId}-reply`} value={reply} onChange={(event) => setReply(event.target.value)} />
          </FormField>
          <Button size="sm" type="submit" disabled={move.isPending}>
            Send reply
          </Button>
        </form>
      ) : null}
    </article>
  );
}
