import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, FormField, Input } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useLocale, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useAuth } from '../auth-context';
import { originOf } from '../RequireAuth';
import { BASIC_EMAIL_PATTERN, type RegisterValues, registerSchemaIn } from '../schemas';

export default function RegisterPage() {
  const t = useT();
  const locale = useLocale();
  usePageMeta(t('login.createAccount'));
  const { register: createAccount } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const schema = useMemo(() => registerSchemaIn(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const email = values.email.trim().toLowerCase();
    if (!BASIC_EMAIL_PATTERN.test(email)) {
      toast.error(t('register.invalidEmail'), { description: t('register.invalidEmailText') });
      return;
    }
    try {
      const { signedIn } = await createAccount({
        email,
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        // The page's language is kept on the new account: its welcome and later emails are written in it.
        language: locale,
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
        <h1 className="text-2xl font-bold text-slate-900">{t('login.createAccount')}</h1>
        <p className="text-sm text-slate-600">{t('register.intro')}</p>
      </div>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('register.firstName')} htmlFor="register-first-name" error={errors.firstName?.message}>
            <Input id="register-first-name" autoComplete="given-name" {...register('firstName')} />
          </FormField>
          <FormField label={t('register.lastName')} htmlFor="register-last-name" error={errors.lastName?.message}>
            <Input id="register-last-name" autoComplete="family-name" {...register('lastName')} />
          </FormField>
        </div>
        <FormField label={t('contact.email')} htmlFor="register-email" error={errors.email?.message}>
          <Input id="register-email" type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label={t('login.password')} htmlFor="register-password" error={errors.password?.message}>
          <Input id="register-password" type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField
          label={t('register.confirmPassword')}
          htmlFor="register-confirm-password"
          error={errors.confirmPassword?.message}
        >
          <Input
            id="register-confirm-password"
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
        </FormField>
        {/* The notice before consent (DPDP Act 2023): what the shop does with the data, one click away. */}
        <p className="text-xs text-slate-600">
          {t('register.noticeBefore')}
          <Link to="/privacy" className="font-medium text-brand-700 underline">
            {t('footer.privacy')}
          </Link>
          {t('register.noticeAfter')}
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('register.creating') : t('register.submit')}
        </Button>
      </form>
      <p className="text-center text-sm text-slate-600">
        {t('register.haveAccount')}{' '}
        <Link to="/login" state={location.state} className="font-medium text-brand-700 hover:underline">
          {t('login.title')}
        </Link>
      </p>
      <p className="text-center">
        <Link to="/" className="text-sm font-medium text-slate-700 hover:underline">
          {t('notFound.home')}
        </Link>
      </p>
    </div>
  );
}
