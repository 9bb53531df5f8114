import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses, FormField, Input } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { clearAuthToken } from '@/lib/auth-token';
import { toast } from '@/lib/toast';
import { confirmPasswordReset } from '../api';
import { type ResetPasswordValues, resetPasswordSchema } from '../schemas';

const NO_RESPONSE = 'No response from server. Please try again later.';

function AskAgain() {
  return (
    <Link to="/forgot-password" className="font-medium text-brand-700 underline">
      Ask for a new link
    </Link>
  );
}

/** Where the emailed link lands: the shopper chooses a new password, then signs in with it. */
export default function ResetPasswordPage() {
  usePageMeta('Set a new password');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const [problem, setProblem] = useState<{ message: string; linkRefused: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    const result = await confirmPasswordReset(token, values.password);
    if (result.ok) {
      // The shop has signed every device out, this one too.
      clearAuthToken();
      toast.success('Password changed', {
        description: result.data?.message ?? 'Your password has been changed. Please sign in.',
      });
      navigate('/login', { replace: true });
    } else if (result.status === null) {
      setProblem({ message: NO_RESPONSE, linkRefused: false });
    } else {
      setProblem({
        message: result.error ?? 'Could not change your password. Please try again.',
        linkRefused: result.status === 400,
      });
    }
  });

  return (
    <div className="space-y-6">
      {/* The address holds the token: no picture or link on this page may pass it on. */}
      <meta name="referrer" content="no-referrer" />
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Set a new password</h1>
        {token ? (
          <p className="text-sm text-slate-600">
            Choose a new password. Every device signed in to your account is signed out.
          </p>
        ) : null}
      </div>
      {token ? (
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label="New password" htmlFor="reset-password" error={errors.password?.message}>
            <Input id="reset-password" type="password" autoComplete="new-password" {...register('password')} />
          </FormField>
          <FormField label="Confirm password" htmlFor="reset-confirm-password" error={errors.confirmPassword?.message}>
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
            {isSubmitting ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      ) : (
        <div role="alert" className="space-y-2 rounded-lg bg-amber-50 p-4 text-center text-sm text-amber-900">
          <p>This reset link is incomplete. Open the link from the email again, or ask for a new one.</p>
          <p>
            <AskAgain />
          </p>
        </div>
      )}
      <p className="text-center">
        <Link to="/login" className={buttonClasses('outline', 'md')}>
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
