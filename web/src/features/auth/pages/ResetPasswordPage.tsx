import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses, FormField, Input } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { clearAuthToken } from '@/lib/auth-token';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { confirmPasswordReset } from '../api';
import { type ResetPasswordValues, resetPasswordSchemaIn } from '../schemas';

function AskAgain() {
  const t = useT();
  return (
    <Link to="/forgot-password" className="font-medium text-brand-700 underline">
      {t('reset.askAgain')}
    </Link>
  );
}

/** Where the emailed link lands: the shopper chooses a new password, then signs in with it. */
export default function ResetPasswordPage() {
  const t = useT();
  usePageMeta(t('reset.title'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const [problem, setProblem] = useState<{ message: string; linkRefused: boolean } | null>(null);
  const schema = useMemo(() => resetPasswordSchemaIn(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    const result = await confirmPasswordReset(token, values.password);
    if (result.ok) {
      // The shop has signed every device out, this one too.
      clearAuthToken();
      toast.success(t('reset.changed'), {
        description: result.data?.message ?? t('reset.changedText'),
      });
      navigate('/login', { replace: true });
    } else if (result.status === null) {
      setProblem({ message: t('common.noResponse'), linkRefused: false });
    } else {
      setProblem({
        message: result.error ?? t('reset.failed'),
        linkRefused: result.status === 400,
      });
    }
  });

  return (
    <div className="space-y-6">
      {/* The address holds the token: no picture or link on this page may pass it on. */}
      <meta name="referrer" content="no-referrer" />
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t('reset.title')}</h1>
        {token ? <p className="text-sm text-slate-600">{t('reset.intro')}</p> : null}
      </div>
      {token ? (
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label={t('reset.newPassword')} htmlFor="reset-password" error={errors.password?.message}>
            <Input id="reset-password" type="password" autoComplete="new-password" {...register('password')} />
          </FormField>
          <FormField
            label={t('register.confirmPassword')}
            htmlFor="reset-confirm-password"
            error={errors.confirmPassword?.message}
          >
            <Input
              id="reset-confirm-password"
              type="password"
              autoComplete="new-password"
              {...register('confirmPassword')}
            />
          </FormField>
          {problem ? (
            <div role="alert" className="space-y-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              <p>{problem.message}</p>
              {problem.linkRefused ? (
                <p>
                  <AskAgain />
                </p>
              ) : null}
            </div>
          ) : null}
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? t('common.saving') : t('reset.submit')}
          </Button>
        </form>
      ) : (
        <div role="alert" className="space-y-2 rounded-lg bg-amber-50 p-4 text-center text-sm text-amber-900">
          <p>{t('reset.incomplete')}</p>
          <p>
            <AskAgain />
          </p>
        </div>
      )}
      <p className="text-center">
        <Link to="/login" className={buttonClasses('outline', 'md')}>
          {t('forgot.back')}
        </Link>
      </p>
    </div>
  );
}
