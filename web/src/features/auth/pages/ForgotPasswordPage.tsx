import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonClasses, FormField, Input } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useT } from '@/lib/i18n';
import { requestPasswordReset } from '../api';
import { type ForgotPasswordValues, forgotPasswordSchemaIn } from '../schemas';

/** Asks the shop to email a link for setting a new password. */
export default function ForgotPasswordPage() {
  const t = useT();
  usePageMeta(t('forgot.title'));
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const schema = useMemo(() => forgotPasswordSchemaIn(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    const result = await requestPasswordReset(values.email.trim().toLowerCase());
    if (result.ok) setSent(true);
    else if (result.status === null) setProblem(t('common.noResponse'));
    else setProblem(result.error ?? t('forgot.failed'));
  });

  return (
    <div className="space-y-6">
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t('forgot.title')}</h1>
        {sent ? null : <p className="text-sm text-slate-600">{t('forgot.intro')}</p>}
      </div>
      {sent ? (
        <div role="status" className="space-y-2 rounded-lg bg-brand-50 p-4 text-center text-sm text-slate-800">
          {/* The server's answer for every email, known or not; shown the same whatever it said. */}
          <p className="font-medium">{t('forgot.sent')}</p>
          <p className="text-slate-600">{t('forgot.sentHint')}</p>
        </div>
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label={t('contact.email')} htmlFor="forgot-email" error={errors.email?.message}>
            <Input id="forgot-email" type="email" autoComplete="email" required {...register('email')} />
          </FormField>
          {problem ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {problem}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? t('contact.sending') : t('forgot.submit')}
          </Button>
        </form>
      )}
      <p className="text-center">
        <Link to="/login" className={buttonClasses('outline', 'md')}>
          {t('forgot.back')}
        </Link>
      </p>
    </div>
  );
}
