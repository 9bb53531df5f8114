import { POWER_WORDS, roleMay, STAFF_ROLES, type StaffPower, type StaffRole } from '@netkart/contract';
import type { FastifyRequest } from 'fastify';
import type { StaffRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';

/**
 * Every back-office call and the power it needs: one line per route, read against the contract's
 * ROLE_POWERS (which role has which power). A route missing here is refused to everyone but an
 * owner, and the roles test fails until it has its line.
 */
export const ROUTE_POWERS: Record<string, StaffPower> = {
  // Signing in and out
  'POST /admin/session': 'session',
  'POST /admin/session/link': 'session',
  'POST /admin/session/link/use': 'session',
  'GET /admin/session': 'session',
  'DELETE /admin/session': 'session',

  // Orders, read
  'GET /admin/dashboard': 'orders.read',
  'GET /admin/orders': 'orders.read',
  'GET /admin/orders/export.csv': 'orders.read',
  'GET /admin/orders/:id': 'orders.read',
  'GET /admin/orders/:id/label': 'orders.read',
  'GET /admin/orders/:id/invoice': 'orders.read',
  'GET /admin/orders/:id/credit-note': 'orders.read',
  'GET /admin/orders/:id/eway-bill': 'orders.read',
  'GET /admin/orders/:id/returns': 'orders.read',
  'GET /admin/returns': 'orders.read',
  'GET /admin/returns/:id': 'orders.read',
  'GET /admin/returns/:id/photos/:n': 'orders.read',
  'GET /admin/refunds': 'orders.read',
  'GET /admin/reports/gst': 'orders.read',
  'GET /admin/invoice-signature': 'orders.read',

  // Orders, changed: payment by hand, shipping, couriers, e-way bills, returns and refunds
  'POST /admin/orders/:id/paid': 'orders.change',
  'POST /admin/orders/:id/ship': 'orders.change',
  'POST /admin/orders/:id/tracking': 'orders.change',
  'POST /admin/orders/:id/courier': 'orders.change',
  'POST /admin/orders/:id/deliver': 'orders.change',
  'POST /admin/orders/:id/cod-cash': 'orders.change',
  'POST /admin/orders/:id/rto': 'orders.change',
  'POST /admin/orders/:id/cancel': 'orders.change',
  'POST /admin/orders/:id/refunded': 'orders.change',
  'PUT /admin/orders/:id/eway-bill': 'orders.change',
  'DELETE /admin/orders/:id/eway-bill': 'orders.change',
  'POST /admin/returns/:id/approve': 'orders.change',
  'POST /admin/returns/:id/refuse': 'orders.change',
  'POST /admin/returns/:id/pickup': 'orders.change',
  'POST /admin/returns/:id/receive': 'orders.change',

  // Tickets and the emails sent
  'GET /admin/tickets': 'tickets',
  'GET /admin/tickets/:number': 'tickets',
  'POST /admin/tickets/:number/close': 'tickets',
  'GET /admin/emails': 'tickets',
  'POST /admin/emails/:id/retry': 'tickets',
  'POST /admin/emails/retry': 'tickets',

  // The catalogue
  'GET /admin/products': 'catalogue.read',
  'GET /admin/products/:id': 'catalogue.read',
  'GET /admin/products/export.csv': 'catalogue.read',
  'POST /admin/products': 'catalogue.change',
  'PUT /admin/products/:id': 'catalogue.change',
  'POST /admin/products/:id/stock': 'catalogue.change',
  'POST /admin/products/import': 'catalogue.change',
  'POST /admin/pictures': 'catalogue.change',
  'GET /admin/category-names': 'catalogue.read',
  'PUT /admin/category-names': 'catalogue.change',
  'GET /admin/specification-names': 'catalogue.read',
  'PUT /admin/specification-names': 'catalogue.change',
  'GET /admin/reviews': 'catalogue.read',
  'POST /admin/reviews/:id/approve': 'catalogue.change',
  'POST /admin/reviews/:id/reject': 'catalogue.change',
  'POST /admin/reviews/:id/reply': 'catalogue.change',
  'GET /admin/coupons': 'catalogue.read',
  'POST /admin/coupons': 'catalogue.change',
  'POST /admin/coupons/:id/disable': 'catalogue.change',

  // The store's settings, people and records: owners
  'GET /admin/activity': 'settings',
  'GET /admin/staff': 'settings',
  'POST /admin/staff': 'settings',
  'DELETE /admin/staff/:email': 'settings',
  'GET /admin/settings/store': 'settings',
  'PUT /admin/settings/store': 'settings',
  'POST /admin/settings/policy-preview': 'settings',
  'GET /admin/settings/payments': 'settings',
  'PUT /admin/settings/payments': 'settings',
  'GET /admin/settings/cod': 'settings',
  'PUT /admin/settings/cod': 'settings',
  'GET /admin/settings/shipping': 'settings',
  'PUT /admin/settings/shipping': 'settings',
  'DELETE /admin/settings/shipping': 'settings',
  'GET /admin/settings/delivery': 'settings',
  'PUT /admin/settings/delivery': 'settings',
  'DELETE /admin/settings/delivery': 'settings',
  'GET /admin/settings/couriers': 'settings',
  'PUT /admin/settings/couriers': 'settings',
  'DELETE /admin/settings/couriers': 'settings',
  'GET /admin/settings/returns': 'settings',
  'PUT /admin/settings/returns': 'settings',
  'PUT /admin/invoice-signature': 'settings',
  'DELETE /admin/invoice-signature': 'settings',
};

/** A staff row's role; one the shop does not know (written by hand) may only read. */
export function roleOfStaff(staff: Pick<StaffRow, 'role'>): StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(staff.role) ? (staff.role as StaffRole) : 'read-only';
}

/** The route's line in the table: `METHOD /admin/…` without the API's prefix. */
export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/^.*?(\/admin\/)/, '/admin/')}`;
}

/** 403 unless the signed-in staff member's role has the power the route needs (HEAD is GET's). */
export function requirePower(request: FastifyRequest, staff: StaffRow): void {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const power = ROUTE_POWERS[routeKey(method, request.routeOptions.url ?? '')];
  const role = roleOfStaff(staff);
  if (power ? roleMay(role, power) : role === 'owner') return;
  throw new HttpError(403, `Your role (${role}) cannot ${power ? POWER_WORDS[power] : 'do this'}.`);
}
