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
import { toast } from '@/lib/toast';
import { sendContactMessage } from '../api';

/** The spec's 1.5 s of 'Sending...': the button says so at least that long, and for as long as the request runs. */
export const SENDING_AT_LEAST_MS = 1500;

const EMPTY: ContactRequest = { name: '', email: '', subject: '', message: '' };

const NOT_SENT = 'Your message could not be sent. Please try again.';
const OFFLINE = 'Could not reach the shop. Check your connection and try again.';

const sentText = (ticket: string) =>
  `Thank you for your message. We'll get back to you shortly. Your ticket number is ${ticket}.`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function ContactPage() {
  const { storeInfo } = useStoreInfo();
  usePageMeta('Contact Us');
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
      toast.error(result.error ?? (result.status === null ? OFFLINE : NOT_SENT));
      return;
    }
    toast.success('Message Sent', { description: sentText(result.data.ticket) });
    setTicket(result.data.ticket);
    reset(EMPTY);
  });

  const required = (label: string, max: number) => ({
    required: `${label} is required`,
    maxLength: { value: max, message: `${label} can be at most ${max} characters` },
  });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-slate-900">Contact Us</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <section
          aria-labelledby="contact-details-heading"
          className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="contact-details-heading" className="text-lg font-semibold text-slate-900">
            {storeInfo?.companyName || 'Get in touch'}
          </h2>
          <ul className="space-y-4 text-sm text-slate-700">
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
              <span>
                <span className="block font-medium text-slate-900">Email</span>
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
                <span className="block font-medium text-slate-900">Phone</span>
                {storeInfo?.companyPhone ? <PhoneLink phone={storeInfo.companyPhone} /> : '—'}
                {storeInfo?.supportHours ? (
                  <span className="block text-slate-500">{storeInfo.supportHours}</span>
                ) : null}
              </span>
            </li>
            <li className="flex gap-3">
              <MapPin aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
              <span>
                <span className="block font-medium text-slate-900">Address</span>
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
            Send us a message
          </h2>
          {ticket ? (
            <div role="status" className="rounded-xl bg-green-50 p-4 text-sm text-green-900 ring-1 ring-green-200">
              <p className="font-semibold">Message Sent</p>
              <p className="mt-1">{sentText(ticket)}</p>
              <p className="mt-1">
                Please quote <strong className="font-semibold">{ticket}</strong> if you write to us about it again.
              </p>
            </div>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Name" htmlFor="contact-name" error={errors.name?.message}>
              <Input id="contact-name" autoComplete="name" {...register('name', required('Name', CONTACT_NAME_MAX))} />
            </FormField>
            <FormField label="Email" htmlFor="contact-email" error={errors.email?.message}>
              <Input
                id="contact-email"
                type="email"
                autoComplete="email"
                {...register('email', {
                  ...required('Email', CONTACT_EMAIL_MAX),
                  pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'Please enter a valid email address' },
                })}
              />
            </FormField>
          </div>
          <FormField label="Subject" htmlFor="contact-subject" error={errors.subject?.message}>
            <Input id="contact-subject" {...register('subject', required('Subject', CONTACT_SUBJECT_MAX))} />
          </FormField>
          <FormField label="Message" htmlFor="contact-message" error={errors.message?.message}>
            <Textarea
              id="contact-message"
              rows={5}
              {...register('message', required('Message', CONTACT_MESSAGE_MAX))}
            />
          </FormField>
          <Button type="submit" size="lg" disabled={sending}>
            {sending ? 'Sending...' : 'Send Message'}
          </Button>
        </form>
      </div>
      <SellerDetails className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" />
    </div>
  );
}
