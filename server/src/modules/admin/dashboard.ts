import { type AdminDashboard, OrderStatus } from '@netkart/contract';
import { istDay, istDayStart } from '../../shared/india-time.js';
import { toRupees } from '../../shared/money.js';
import type { CatalogService } from '../catalog/service.js';
import type { OrderService } from '../orders/service.js';
import type { PaymentService } from '../payments/service.js';
import type { Store } from '../stores/service.js';
import { toProductSummary } from './products.js';

const DAYS = 30;
const PAID = [OrderStatus.Processing, OrderStatus.Shipped, OrderStatus.Delivered];

/** The back office's home: the shop's money and the work waiting, on the server's own figures. */
export class AdminDashboards {
  constructor(
    private readonly orders: OrderService,
    private readonly payments: PaymentService,
    private readonly catalog: CatalogService,
  ) {}

  async of(store: Store, now = Date.now()): Promise<AdminDashboard> {
    const today = istDay(now);
    const firstDay = istDay(now - (DAYS - 1) * 86_400_000);
    const monthStart = `${today.slice(0, 8)}01`;
    const since = istDayStart(firstDay < monthStart ? firstDay : monthStart).toISOString();
    const threshold = Number(store.low_stock_threshold);

    const [paid, waiting, needsRefund, lowStock] = await Promise.all([
      this.orders.inStatusesSince(store.id, PAID, since),
      this.orders.countInStatuses(store.id, [OrderStatus.Pending, OrderStatus.Processing]),
      this.payments.countNeedingRefund(store.id),
      this.catalog.lowStock(store.id, threshold, 5),
    ]);

    const test = await this.testPaid(
      store.id,
      paid.map((order) => order.id),
    );
    const days = new Map<string, { orders: number; revenue: number }>();
    for (let offset = DAYS - 1; offset >= 0; offset--)
      days.set(istDay(now - offset * 86_400_000), { orders: 0, revenue: 0 });
    const month = { orders: 0, revenue: 0 };
    for (const order of paid) {
      if (test.has(order.id)) continue;
      const day = istDay(order.created_at);
      const rupees = toRupees(Number(order.total));
      const figures = days.get(day);
      if (figures) {
        figures.orders += 1;
        figures.revenue += rupees;
      }
      if (day >= monthStart) {
        month.orders += 1;
        month.revenue += rupees;
      }
    }
    const countOf = (status: number) => waiting.get(status) ?? 0;
    const rounded = (figures: { orders: number; revenue: number }) => ({
      orders: figures.orders,
      revenue: Math.round(figures.revenue * 100) / 100,
    });
    return {
      today: rounded(days.get(today) ?? { orders: 0, revenue: 0 }),
      month: rounded(month),
      days: [...days].map(([day, figures]) => ({ day, ...rounded(figures) })),
      awaitingPayment: countOf(OrderStatus.Pending),
      awaitingShipping: countOf(OrderStatus.Processing),
      needsRefund,
      lowStock: { count: lowStock.count, threshold, products: lowStock.products.map(toProductSummary) },
      testOrders: test.size,
    };
  }

  /** Orders paid on a test gateway, asked about a few hundred at a time. */
  private async testPaid(storeId: string, ids: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let start = 0; start < ids.length; start += 500) {
      for (const id of await this.payments.testPaidOrderIds(storeId, ids.slice(start, start + 500))) found.add(id);
    }
    return found;
  }
}
