import { moduleRoutes } from '../../http/module-routes.js';
import type { AuditLog } from '../audit/service.js';
import type { CatalogService } from '../catalog/service.js';
import type { CourierService } from '../couriers/service.js';
import type { InvoiceService } from '../invoices/service.js';
import type { OrderService } from '../orders/service.js';
import type { CodService } from '../payments/cod/service.js';
import type { PaymentService } from '../payments/service.js';
import type { PictureCopies } from '../storefront/picture-copies.js';
import { AdminDashboards } from './dashboard.js';
import { AdminOrders } from './orders.js';
import { AdminProducts } from './products.js';
import { type AdminRouteOptions, adminRoutes } from './routes.js';

/** The back office's own services, built on the modules' (it asks them, never the reverse). */
export interface AdminServices {
  adminOrders: AdminOrders;
  adminProducts: AdminProducts;
  dashboards: AdminDashboards;
}

export function createAdminServices(modules: {
  orders: OrderService;
  payments: PaymentService;
  audit: AuditLog;
  catalog: CatalogService;
  couriers: CourierService;
  invoices: InvoiceService;
  cod?: CodService;
}): AdminServices {
  return {
    adminOrders: new AdminOrders(
      modules.orders,
      modules.payments,
      modules.audit,
      modules.couriers,
      modules.invoices,
      modules.cod,
    ),
    adminProducts: new AdminProducts(modules.catalog, modules.audit),
    dashboards: new AdminDashboards(modules.orders, modules.payments, modules.catalog),
  };
}

type ModuleServicesUsed = Pick<
  AdminRouteOptions,
  | 'staff'
  | 'staffSignInLinks'
  | 'stores'
  | 'payments'
  | 'catalog'
  | 'audit'
  | 'outbox'
  | 'contact'
  | 'invoices'
  | 'shipping'
  | 'delivery'
  | 'couriers'
  | 'cod'
  | 'returns'
  | 'reviews'
  | 'coupons'
>;

/** What the back office's routes take: its services and the modules', and the site's picture folders. */
export interface AdminGiven {
  services: AdminServices & ModuleServicesUsed;
  site: { mediaDirs: string[]; merchantMediaDir?: string | undefined; pictureCopies: PictureCopies };
}

/** /api/v1/admin/…, registered last in the API's scope. */
export const adminModule = moduleRoutes(adminRoutes, ({ services, site }: AdminGiven) => ({
  staff: services.staff,
  staffSignInLinks: services.staffSignInLinks,
  orders: services.adminOrders,
  products: services.adminProducts,
  dashboards: services.dashboards,
  stores: services.stores,
  payments: services.payments,
  catalog: services.catalog,
  audit: services.audit,
  outbox: services.outbox,
  contact: services.contact,
  invoices: services.invoices,
  shipping: services.shipping,
  delivery: services.delivery,
  couriers: services.couriers,
  mediaDirs: {
    ...(site.merchantMediaDir ? { own: site.merchantMediaDir } : {}),
    all: site.mediaDirs,
  },
  pictureCopies: site.pictureCopies,
  cod: services.cod,
  returns: services.returns,
  reviews: services.reviews,
  coupons: services.coupons,
}));
