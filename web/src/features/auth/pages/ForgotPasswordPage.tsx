import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonClasses, FormField, Input } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { requestPasswordReset } from '../api';
import { type ForgotPasswordValues, forgotPasswordSchema } from '../schemas';

/** The server's answer for every email, known or not; shown the same whatever it said. */
const RESET_LINK_SENT = 'If an account exists for that email, we have sent a link';
const NO_RESPONSE = 'No response from server. Please try again later.';

/** Asks the shop to email a link for setting a new password. */
export default function ForgotPasswordPage() {
  usePageMeta('Forgot your password?');
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    const result = await requestPasswordReset(values.email.trim().toLowerCase());
    if (result.ok) setSent(true);
    else if (result.status === null) setProblem(NO_RESPONSE);
    else setProblem(result.error ?? 'Could not send the link. Please try again later.');
  });

  return (
    <div className="space-y-6">
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Forgot your password?</h1>
        {sent ? null : (
          <p className="text-sm text-slate-600">
            Enter the email of your account and we will send you a link to set a new password.
          </p>
        )}
      </div>
      {sent ? (
        <div role="status" className="space-y-2 rounded-lg bg-brand-50 p-4 text-center text-sm text-slate-800">
          <p className="font-medium">{RESET_LINK_SENT}</p>
          <p className="text-slate-600">
            The link works for 30 minutes. If nothing arrives within a few minutes, look in your spam folder.
          </p>
        </div>
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label="Email" htmlFor="forgot-email" error={errors.email?.message}>
            <Input id="forgot-email" type="email" autoComplete="email" required {...register('email')} />
          </FormField>
          {problem ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {problem}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="text-center">
        <Link to="/login" className={buttonClasses('outline', 'md')}>
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
