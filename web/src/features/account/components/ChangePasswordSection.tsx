import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, FormField, Input } from '@/components/ui';
import { type ChangePasswordValues, changePasswordSchema } from '@/features/auth/schemas';
import { toast } from '@/lib/toast';
import { accountSessionsQuery, changeMyPassword } from '../api';

const NO_RESPONSE = 'No response from server. Please try again later.';
const FAILED = 'Could not change your password. Please try again.';

const signedOutText = (ended: number) =>
  ended === 0
    ? 'No other device was signed in.'
    : `${ended} other ${ended === 1 ? 'device was' : 'devices were'} signed out.`;

/** A new password for the signed-in shopper: the current one first; every other device is signed out. */
export function ChangePasswordSection() {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    const result = await changeMyPassword(values.currentPassword, values.password);
    if (!result.ok) {
      setProblem(result.status === null ? NO_RESPONSE : (result.error ?? FAILED));
      return;
    }
    reset();
    toast.success('Password changed', {
      description: `${result.data.message} ${signedOutText(result.data.otherSessionsEnded)}`,
    });
    await queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey });
  });

  return (
    <section aria-labelledby="password-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        Change password
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Every other device signed in to your account is signed out; this one stays signed in. We email you when it
        changes.
      </p>
      <form method="post" onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:max-w-md">
        <FormField label="Current password" htmlFor="current-password" error={errors.currentPassword?.message}>
          <Input
            id="current-password"
            type="password"
            autoComplete="current-password"
            {...register('currentPassword')}
          />
        </FormField>
        <FormField label="New password" htmlFor="new-password" error={errors.password?.message}>
          <Input id="new-password" type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="Confirm new password" htmlFor="confirm-new-password" error={errors.confirmPassword?.message}>
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
            {isSubmitting ? 'Saving...' : 'Change password'}
          </Button>
        </div>
      </form>
    </section>
  );
}
