import { REVIEW_TEXT_MAX, REVIEW_TITLE_MAX, type Review, type ReviewSort } from '@netkart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, FormField, Input, Select, Textarea } from '@/components/ui';
import { useAuth } from '@/features/auth/auth-context';
import { useLocale, useT } from '@/lib/i18n';
import { INTL_LOCALE } from '@/lib/i18n/locale';
import { reviewsQuery, submitReview, voteHelpful } from '../reviews';
import { RatingStars } from './RatingStars';

const dateOf = (iso: string, locale: string) =>
  new Date(iso).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/** The product's approved reviews (newest first), its rating, and a signed-in buyer's form to write one. */
export function ProductReviews({ productId }: { productId: string }) {
  const t = useT();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const reviews = useQuery(reviewsQuery(productId, sort, page));
  const rating = reviews.data?.rating ?? { average: 0, count: 0 };
  const pages = Math.max(1, Math.ceil((reviews.data?.pagination.total ?? 0) / (reviews.data?.pagination.limit ?? 10)));

  return (
    <section aria-labelledby="reviews-heading" className="mx-auto mt-12 max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="reviews-heading" className="text-2xl font-bold text-slate-900">
            {t('reviews.heading')}
          </h2>
          {rating.count > 0 ? (
            <RatingStars average={rating.average} count={rating.count} className="mt-1" />
          ) : (
            <p className="mt-1 text-sm text-slate-600">{t('reviews.none')}</p>
          )}
        </div>
        {rating.count > 1 ? (
          <div className="flex items-center gap-2 text-sm text-slate-700">
            <label htmlFor="reviews-sort">{t('reviews.sort')}</label>
            <Select
              id="reviews-sort"
              value={sort}
              onChange={(event) => {
                setSort(event.target.value as ReviewSort);
                setPage(1);
              }}
            >
              <option value="newest">{t('reviews.newest')}</option>
              <option value="helpful">{t('reviews.helpful')}</option>
            </Select>
          </div>
        ) : null}
      </div>
      {reviews.isError ? <p className="text-sm text-red-700">{t('reviews.loadFailed')}</p> : null}
      {reviews.data?.data.length ? (
        <ul className="divide-y divide-slate-200">
          {reviews.data.data.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <div className="flex items-center gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('reviews.newer')}
          </Button>
          <span className="text-sm text-slate-600">{t('reviews.page', { page, pages })}</span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('reviews.older')}
          </Button>
        </div>
      ) : null}
      <WriteReview productId={productId} />
    </section>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const t = useT();
  const locale = INTL_LOCALE[useLocale()];
  const { user } = useAuth();
  const [count, setCount] = useState(review.helpfulCount);
  const [voted, setVoted] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const vote = async () => {
    if (!user) {
      setRefusal(t('reviews.signInToVote'));
      return;
    }
    const result = await voteHelpful(review.id);
    if (result.ok) {
      setCount(result.data.helpfulCount);
      setVoted(true);
    } else if (result.status === 409) setVoted(true);
    else setRefusal(result.error ?? t('reviews.voteFailed'));
  };
  return (
    <li className="space-y-1 py-4">
      <RatingStars average={review.rating} count={1} showCount={false} />
      {review.title ? <h3 className="font-semibold text-slate-900">{review.title}</h3> : null}
      <p className="whitespace-pre-line text-slate-700">{review.text}</p>
      <p className="text-xs text-slate-500">
        {review.author} · {dateOf(review.createdAt, locale)}
        {review.verifiedPurchase ? t('reviews.verifiedBuyer') : ''}
      </p>
      <div className="flex items-center gap-3 text-sm">
        <Button variant="outline" size="sm" disabled={voted} aria-pressed={voted} onClick={() => void vote()}>
          {t('reviews.helpfulCount', { count })}
        </Button>
        {voted ? <span className="text-slate-600">{t('reviews.thanksVote')}</span> : null}
        {refusal ? <span className="text-red-700">{refusal}</span> : null}
      </div>
      {review.reply ? (
        <div className="mt-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <p className="font-medium text-slate-900">{t('reviews.reply')}</p>
          <p className="whitespace-pre-line">{review.reply}</p>
        </div>
      ) : null}
    </li>
  );
}

function WriteReview({ productId }: { productId: string }) {
  const t = useT();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const id = useId();
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; text?: string; form?: string }>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  if (!user) {
    return (
      <p id="write-review" className="text-sm text-slate-600">
        <Link to="/login" className="font-medium text-brand-700 underline">
          {t('reviews.signIn')}
        </Link>{' '}
        {t('reviews.signInToReview')}
      </p>
    );
  }
  if (sent) {
    return (
      <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-800">
        {t('reviews.thanks')}
      </p>
    );
  }

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const problems: typeof errors = {};
    if (rating < 1) problems.rating = t('reviews.chooseStars');
    if (!text.trim()) problems.text = t('reviews.sayWhat');
    setErrors(problems);
    if (problems.rating || problems.text) return;
    setSending(true);
    const result = await submitReview(productId, { rating, title: title.trim(), text: text.trim() });
    setSending(false);
    if (result.ok) {
      setSent(true);
      await queryClient.invalidateQueries({ queryKey: ['reviews', productId] });
      return;
    }
    const message = result.error ?? t('reviews.sendFailed');
    const field = result.field;
    if (field === 'rating' || field === 'text') setErrors({ [field]: message });
    else setErrors({ form: message });
  };

  return (
    <form
      id="write-review"
      onSubmit={send}
      noValidate
      className="space-y-4 rounded-2xl border border-slate-200 p-4"
      aria-labelledby={`${id}-heading`}
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t('reviews.write')}
      </h3>
      <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className="text-sm font-medium text-slate-900">{t('reviews.yourRating')}</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="cursor-pointer text-2xl">
              <input
                type="radio"
                name={`${id}-rating`}
                value={stars}
                checked={rating === stars}
                onChange={() => setRating(stars)}
                className="sr-only"
                aria-label={t('reviews.stars', { count: stars })}
              />
              <span aria-hidden="true" className={stars <= rating ? 'text-amber-500' : 'text-slate-300'}>
                ★
              </span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id={`${id}-rating-error`} className="mt-1 text-sm text-red-700">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <FormField label={t('reviews.title')} htmlFor={`${id}-title`}>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={REVIEW_TITLE_MAX}
          onChange={(event) => setTitle(event.target.value)}
        />
      </FormField>
      <FormField label={t('reviews.yourReview')} htmlFor={`${id}-text`} error={errors.text} required>
        <Textarea
          id={`${id}-text`}
          value={text}
          maxLength={REVIEW_TEXT_MAX}
          onChange={(event) => setText(event.target.value)}
        />
      </FormField>
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      <p className="text-xs text-slate-500">{t('reviews.rules')}</p>
      <Button type="submit" disabled={sending}>
        {sending ? t('reviews.sending') : t('reviews.send')}
      </Button>
    </form>
  );
}
