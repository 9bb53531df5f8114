import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  type ContactRequest,
} from '@netkart/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Mail, MapPin, Phone } from '@/components/icons';
import { PhoneLink } from '@/components/PhoneLink';
import { Button, FormField, Input, Textarea } from '@/components/ui';
import { SellerDetails } from '@/features/store-info/components/SellerDetails';
import { usePageMeta } from '@/features/store-info/page-meta';
import { useStoreInfo } from '@/features/store-info/store-info';
import { type MessageKey, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { sendContactMessage } from '../api';

/** The spec's 1.5 s of 'Sending...': the button says so at least that long, and for as long as the request runs. */
export const SENDING_AT_LEAST_MS = 1500;

const EMPTY: ContactRequest = { name: '', email: '', subject: '', message: '' };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function ContactPage() {
  const { storeInfo } = useStoreInfo();
  const t = useT();
  usePageMeta(t('footer.contactUs'));
  const sentText = (ticket: string) => t('contact.sent', { ticket });
  const [sending, setSending] = useState(false);
  // The ticket of the message last sent: it stays on the page, to be noted down, after the toast has gone.
  const [ticket, setTicket] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactRequest>({ defaultValues: EMPTY });

  // The message becomes a ticket on the server (docs/decisions.md); the form clears only once it is kept.
  const send = handleSubmit(async (values) => {
    setSending(true);
    const [result] = await Promise.all([sendContactMessage(values), pause(SENDING_AT_LEAST_MS)]);
    setSending(false);
    if (!result.ok) {
      toast.error(result.error ?? t(result.status === null ? 'contact.offline' : 'contact.notSent'));
      return;
    }
    toast.success(t('contact.sentTitle'), { description: sentText(result.data.ticket) });
    setTicket(result.data.ticket);
    reset(EMPTY);
  });

  const required = (field: MessageKey, max: number) => ({
    required: t('form.required', { label: t(field) }),
    maxLength: { value: max, message: t('form.tooLong', { label: t(field), max }) },
  });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-slate-900">{t('footer.contactUs')}</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <section
          aria-labelledby="contact-details-heading"
          className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="contact-details-heading" className="text-lg font-semibold text-slate-900">
            {storeInfo?.companyName || t('contact.getInTouch')}
          </h2>
          <ul className="space-y-4 text-sm text-slate-700">
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
              <span>
                <span className="block font-medium text-slate-900">{t('contact.email')}</span>
                {storeInfo?.companyEmail ? (
                  <a href={`mailto:${storeInfo.companyEmail}`} className="underline">
                    {storeInfo.companyEmail}
                  </a>
                ) : (
                  '—'
                )}
              </span>
            </li>
            <li className="flex gap-3">
              <Phone aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
              <span>
                <span className="block font-medium text-slate-900">{t('contact.phone')}</span>
                {storeInfo?.companyPhone ? <PhoneLink phone={storeInfo.companyPhone} /> : '—'}
                {storeInfo?.supportHours ? (
                  <span className="block text-slate-500">{storeInfo.supportHours}</span>
                ) : null}
              </span>
            </li>
            <li className="flex gap-3">
              <MapPin aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
              <span>
                <span className="block font-medium text-slate-900">{t('contact.address')}</span>
                {storeInfo?.companyAddress || '—'}
              </span>
            </li>
          </ul>
        </section>
        <form
          method="post"
          onSubmit={send}
          noValidate
          className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:col-span-2"
          aria-labelledby="contact-form-heading"
        >
          <h2 id="contact-form-heading" className="text-lg font-semibold text-slate-900">
            {t('contact.formHeading')}
          </h2>
          {ticket ? (
            <div role="status" className="rounded-xl bg-green-50 p-4 text-sm text-green-900 ring-1 ring-green-200">
              <p className="font-semibold">{t('contact.sentTitle')}</p>
              <p className="mt-1">{sentText(ticket)}</p>
              <p className="mt-1">
                {t('contact.quoteBefore')}
                <strong className="font-semibold">{ticket}</strong>
                {t('contact.quoteAfter')}
              </p>
            </div>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('contact.name')} htmlFor="contact-name" error={errors.name?.message}>
              <Input
                id="contact-name"
                autoComplete="name"
                {...register('name', required('contact.name', CONTACT_NAME_MAX))}
              />
            </FormField>
            <FormField label={t('contact.email')} htmlFor="contact-email" error={errors.email?.message}>
              <Input
                id="contact-email"
                type="email"
                autoComplete="email"
                {...register('email', {
                  ...required('contact.email', CONTACT_EMAIL_MAX),
                  pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: t('form.invalidEmail') },
                })}
              />
            </FormField>
          </div>
          <FormField label={t('contact.subject')} htmlFor="contact-subject" error={errors.subject?.message}>
            <Input id="contact-subject" {...register('subject', required('contact.subject', CONTACT_SUBJECT_MAX))} />
          </FormField>
          <FormField label={t('contact.message')} htmlFor="contact-message" error={errors.message?.message}>
            <Textarea
              id="contact-message"
              rows={5}
              {...register('message', required('contact.message', CONTACT_MESSAGE_MAX))}
            />
          </FormField>
          <Button type="submit" size="lg" disabled={sending}>
            {sending ? t('contact.sending') : t('contact.send')}
          </Button>
        </form>
      </div>
      <SellerDetails className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" />
    </div>
  );
}
