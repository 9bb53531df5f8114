import { SIGN_IN_LINK_OFFERED, StaffSignInRequest, TWO_FACTOR_REQUIRED } from '@netkart/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, FormField, Input } from '@/components/ui';
import { isAdminApiError } from '../lib/api-client';
import { contractResolver } from '../lib/forms';
import { useTitle } from '../lib/use-title';
import { useAskSignInLink, useSignIn, useSignInLink } from './session';

const LINK_PARAM = 'sign-in-link';

interface SignInValues {
  email: string;
  password: string;
  code?: string;
}

const FIELDS = ['email', 'password', 'code'] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string | undefined): name is Field => FIELDS.includes(name as Field);

/** Staff sign in with email and password, and the authenticator's code when their account asks for it. */
export function SignInPage() {
  useTitle('Sign in');
  const signIn = useSignIn();
  const [askCode, setAskCode] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [offerLink, setOfferLink] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const askLink = useAskSignInLink();
  const linkSignIn = useSignInLink();
  const linkUsed = useRef(false);

  // Opened from an emailed link: its token signs in once, then leaves the address bar.
  useEffect(() => {
    const url = new URL(window.location.href);
    const token = url.searchParams.get(LINK_PARAM);
    if (!token || linkUsed.current) return;
    linkUsed.current = true;
    url.searchParams.delete(LINK_PARAM);
    window.history.replaceState(null, '', url.toString());
    linkSignIn.mutateAsync(token).catch((error: unknown) => {
      setFormError(isAdminApiError(error) ? error.message : String(error));
    });
  }, [linkSignIn]);

  const {
    register,
    handleSubmit,
    getValues,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues, unknown, StaffSignInRequest>({
    resolver: contractResolver(StaffSignInRequest),
    defaultValues: { email: '', password: '' },
    shouldUnregister: true,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signIn.mutateAsync(values);
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status === 429 && error.field === SIGN_IN_LINK_OFFERED) {
        // Strangers used up this email's limit: the authenticator code, or a link by email, still let the owner in.
        setOfferLink(true);
        setAskCode(true);
        setFormError(error.message);
      } else if (error.status === 401 && error.field === 'code' && error.message === TWO_FACTOR_REQUIRED) {
        setAskCode(true);
        setTimeout(() => setFocus('code'), 0);
      } else if (isField(error.field) && (error.field !== 'code' || askCode)) {
        setError(error.field, { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        setFormError(error.message);
      }
    }
  });

  return (
    <main className="flex min-h-dvh items-start justify-center px-4 py-12 sm:items-center">
      <div className="w-full max-w-sm space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-[var(--shadow-card)]">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Back office</h1>
          <p className="text-sm text-slate-600">Sign in to run the shop.</p>
        </div>
        {formError ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {formError}
          </p>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label="Email" htmlFor="staff-email" error={errors.email?.message}>
            <Input id="staff-email" type="email" autoComplete="username" {...register('email')} />
          </FormField>
          <FormField label="Password" htmlFor="staff-password" error={errors.password?.message}>
            <Input id="staff-password" type="password" autoComplete="current-password" {...register('password')} />
          </FormField>
          {askCode ? (
            <FormField
              label="Authentication code"
              htmlFor="staff-code"
              error={errors.code?.message}
              description={TWO_FACTOR_REQUIRED}
            >
              <Input
                id="staff-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                {...register('code')}
              />
            </FormField>
          ) : null}
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
            Sign in
          </Button>
        </form>
        {offerLink ? (
          <div className="space-y-2">
            <Button
              type="button"
              variant="outline"
              className="w-full"
              disabled={askLink.isPending}
              onClick={async () => {
                setNotice(null);
                try {
                  const answer = await askLink.mutateAsync({ email: getValues('email') });
                  setNotice(answer.message);
                } catch (error) {
                  setFormError(isAdminApiError(error) ? error.message : String(error));
                }
              }}
            >
              Email me a sign-in link
            </Button>
            {notice ? (
              <p role="status" className="text-sm text-slate-700">
                {notice}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </main>
  );
}
