import { z } from 'zod';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_SUBJECT_MAX = 150;
export const CONTACT_MESSAGE_MAX = 5000;

/** A one-line field: required, trimmed, at most `max` characters, and no line breaks (they would split a mail header). */
const oneLineText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} can be at most ${max} characters.` })
    .refine((value) => !/[\r\n\u2028\u2029]/.test(value), { error: `${label} must be on one line.` });

export const ContactRequest = z.object({
  name: oneLineText('Name', CONTACT_NAME_MAX),
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, { error: 'Email is required.' })
    .max(CONTACT_EMAIL_MAX, { error: `Email can be at most ${CONTACT_EMAIL_MAX} characters.` })
    .pipe(z.email({ error: 'Please enter a valid email address.' })),
  subject: oneLineText('Subject', CONTACT_SUBJECT_MAX),
  message: z
    .string({ error: 'Message is required.' })
    .trim()
    .min(1, { error: 'Message is required.' })
    .max(CONTACT_MESSAGE_MAX, { error: `Message can be at most ${CONTACT_MESSAGE_MAX} characters.` }),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

export const ContactResponse = z.object({ ticket: z.string() });
export type ContactResponse = z.infer<typeof ContactResponse>;

export const TICKET_STATUSES = ['open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** T-000042: the number a shopper quotes. */
export const TICKET_NUMBER = /^T-\d{6,}$/;
export const TICKET_NOT_FOUND = 'No ticket has that number.';

export const ADMIN_TICKETS_PAGE_SIZE = 25;

export const AdminTicketListQuery = z.object({
  status: z.enum(TICKET_STATUSES, { error: 'status is open or closed.' }).optional(),
  page: z.coerce.number().int().min(1, { error: 'page starts at 1.' }).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, { error: 'limit is at most 100.' }).default(ADMIN_TICKETS_PAGE_SIZE),
});
export type AdminTicketListQuery = z.input<typeof AdminTicketListQuery>;

export const AdminTicket = z.object({
  number: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
});
export type AdminTicket = z.infer<typeof AdminTicket>;

export const AdminTicketListResponse = z.object({
  data: z.array(AdminTicket),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Tickets per status, whatever the tab. */
  counts: z.object({ open: z.number().int(), closed: z.number().int() }),
});
export type AdminTicketListResponse = z.infer<typeof AdminTicketListResponse>;
