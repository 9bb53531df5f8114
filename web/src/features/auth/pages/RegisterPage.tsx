import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, FormField, Input } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { toast } from '@/lib/toast';
import { useAuth } from '../auth-context';
import { originOf } from '../RequireAuth';
import { BASIC_EMAIL_PATTERN, type RegisterValues, registerSchema } from '../schemas';

export default function RegisterPage() {
  usePageMeta('Create an account');
  const { register: createAccount } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const email = values.email.trim().toLowerCase();
    if (!BASIC_EMAIL_PATTERN.test(email)) {
      toast.error('Invalid Email', { description: 'Please enter a valid email address.' });
      return;
    }
    try {
      const { signedIn } = await createAccount({
        email,
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
      });
      // Back to where the shopper was going (e.g. /checkout), not home: a lost checkout is a lost order.
      if (signedIn) navigate(originOf(location.state), { replace: true });
      else navigate('/login', { state: location.state });
    } catch {
      // The toast has told the shopper why.
    }
  });

  return (
    <div className="space-y-6">
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Create an account</h1>
        <p className="text-sm text-slate-600">Check out faster and follow every order.</p>
      </div>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" htmlFor="register-first-name" error={errors.firstName?.message}>
            <Input id="register-first-name" autoComplete="given-name" {...register('firstName')} />
          </FormField>
          <FormField label="Last name" htmlFor="register-last-name" error={errors.lastName?.message}>
            <Input id="register-last-name" autoComplete="family-name" {...register('lastName')} />
          </FormField>
        </div>
        <FormField label="Email" htmlFor="register-email" error={errors.email?.message}>
          <Input id="register-email" type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Password" htmlFor="register-password" error={errors.password?.message}>
          <Input id="register-password" type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="Confirm password" htmlFor="register-confirm-password" error={errors.confirmPassword?.message}>
          <Input
            id="register-confirm-password"
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
        </FormField>
        {/* The notice before consent (DPDP Act 2023): what the shop does with the data, one click away. */}
        <p className="text-xs text-slate-600">
          We use your name and email to run your account and orders, as our{' '}
          <Link to="/privacy" className="font-medium text-brand-700 underline">
            Privacy Policy
          </Link>{' '}
          explains.
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" state={location.state} className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
      <p className="text-center">
        <Link to="/" className="text-sm font-medium text-slate-700 hover:underline">
          Return to Home
        </Link>
      </p>
    </div>
  );
}
