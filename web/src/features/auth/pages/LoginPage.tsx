import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Checkbox, FormField, Input } from '@/components/ui';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useT } from '@/lib/i18n';
import { requestSignInCode } from '../api';
import { useAuth } from '../auth-context';
import { PhoneCodeForm } from '../components/PhoneCodeForm';
import { originOf } from '../RequireAuth';
import { type LoginValues, loginSchemaIn } from '../schemas';

export default function LoginPage() {
  const t = useT();
  usePageMeta(t('login.title'));
  const { login, signInWithCode } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const schema = useMemo(() => loginSchemaIn(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login(values.email.trim().toLowerCase(), values.password, values.rememberMe);
      navigate(originOf(location.state), { replace: true });
    } catch {
      // The toast has told the shopper why.
    }
  });

  return (
    <div className="space-y-6">
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t('login.title')}</h1>
        <p className="text-sm text-slate-600">{t('login.intro')}</p>
      </div>
      <section aria-labelledby="phone-sign-in-heading" className="space-y-3">
        <h2 id="phone-sign-in-heading" className="text-base font-semibold text-slate-900">
          {t('login.withPhone')}
        </h2>
        <PhoneCodeForm
          idPrefix="login"
          requestCode={requestSignInCode}
          verify={async (phone, code) => {
            await signInWithCode(phone, code);
            navigate(originOf(location.state), { replace: true });
          }}
        />
      </section>
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t('login.orEmail')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label={t('contact.email')} htmlFor="login-email" error={errors.email?.message}>
          <Input id="login-email" type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label={t('login.password')} htmlFor="login-password" error={errors.password?.message}>
          <Input id="login-password" type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
        <div className="flex items-center justify-between gap-4">
          <label htmlFor="login-remember" className="flex items-center gap-2 text-sm text-slate-700">
            <Checkbox id="login-remember" {...register('rememberMe')} />
            {t('login.remember')}
          </label>
          <Link
            to="/forgot-password"
            className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
          >
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('login.signingIn') : t('login.submit')}
        </Button>
      </form>
      <p className="text-center text-sm text-slate-600">
        {t('login.newHere')}{' '}
        <Link to="/register" state={location.state} className="font-medium text-brand-700 hover:underline">
          {t('login.createAccount')}
        </Link>
      </p>
      <p className="text-center text-xs text-slate-500">
        {t('login.agreeBefore')}
        <Link to="/terms" className="underline">
          {t('login.terms')}
        </Link>
        {t('login.agreeAnd')}
        <Link to="/privacy" className="underline">
          {t('footer.privacy')}
        </Link>
        {t('login.agreeAfter')}
      </p>
      <p className="text-center">
        <Link to="/" className="text-sm font-medium text-slate-700 hover:underline">
          {t('notFound.home')}
        </Link>
      </p>
    </div>
  );
}
