import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, FormField, Input } from '@/components/ui';
import { type ChangePasswordValues, changePasswordSchemaIn } from '@/features/auth/schemas';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { accountSessionsQuery, changeMyPassword } from '../api';

/** A new password for the signed-in shopper: the current one first; every other device is signed out. */
export function ChangePasswordSection() {
  const t = useT();
  const schema = useMemo(() => changePasswordSchemaIn(t), [t]);
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    const result = await changeMyPassword(values.currentPassword, values.password);
    if (!result.ok) {
      setProblem(result.status === null ? t('common.noResponse') : (result.error ?? t('changePassword.failed')));
      return;
    }
    reset();
    toast.success(t('changePassword.done'), {
      description: `${t('changePassword.updated')} ${t('changePassword.signedOut', { ended: result.data.otherSessionsEnded })}`,
    });
    await queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey });
  });

  return (
    <section aria-labelledby="password-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        {t('changePassword.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t('changePassword.intro')}</p>
      <form method="post" onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:max-w-md">
        <FormField
          label={t('changePassword.current')}
          htmlFor="current-password"
          error={errors.currentPassword?.message}
        >
          <Input
            id="current-password"
            type="password"
            autoComplete="current-password"
            {...register('currentPassword')}
          />
        </FormField>
        <FormField label={t('changePassword.new')} htmlFor="new-password" error={errors.password?.message}>
          <Input id="new-password" type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField
          label={t('changePassword.confirm')}
          htmlFor="confirm-new-password"
          error={errors.confirmPassword?.message}
        >
          <Input
            id="confirm-new-password"
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
        </FormField>
        {problem ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {problem}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('common.saving') : t('changePassword.title')}
          </Button>
        </div>
      </form>
    </section>
  );
}
