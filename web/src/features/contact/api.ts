import type { ContactRequest, ContactResponse } from '@netkart/contract';
import { apiRequest } from '@/lib/api-client';

/** Sends the contact form; the shop keeps it as a ticket and answers its number. */
export const sendContactMessage = (input: ContactRequest) =>
  apiRequest<ContactResponse>('/contact', { method: 'POST', body: input });
