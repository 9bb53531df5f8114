import { OrderStatus } from '@netkart/contract';
import type {
  Database,
  InvoiceKind,
  InvoiceRow,
  OrderChargeRow,
  OrderItemRow,
  OrderRow,
  StoreRow,
} from '../../db/schema.js';
import { nextInSequence } from '../../db/sequences.js';
import { newId } from '../../shared/ids.js';
import type { OrderChange } from '../orders/service.js';
import type { StoreService } from '../stores/service.js';
import { buildCreditNote, buildInvoice, type InvoiceDocument, sellerOf } from './document.js';
import {
  type DocumentType,
  documentNumber,
  financialYearOf,
  invoicePrefix,
  kindOf,
  sequenceName,
} from './numbering.js';
import { renderInvoicePdf } from './pdf.js';

/** An issued document, as the routes and the `store` command hand it out. */
export interface IssuedDocument {
  row: InvoiceRow;
  document: InvoiceDocument;
}

/**
 * Issues an order's tax invoice when it is paid, and its credit note when a paid order is
 * cancelled, in the transaction of that change: the number is taken only if the payment commits.
 */
export class InvoiceService {
  constructor(
    private readonly db: Database,
    private readonly stores: StoreService,
    /** The time of issue; a test sets the day (31 March against 1 April). */
    private readonly clock: () => Date = () => new Date(),
    /** The PIN directory: the state of the PIN an order goes to is its place of supply. */
    private readonly stateOfPincode: (
      pincode: string,
      trx: Database,
    ) => Promise<{ state: string } | undefined> = async () => undefined,
  ) {}

  /** The order service's hook: paid → invoice; cancelled after an invoice → credit note. */
  async orderChanged(trx: Database, change: OrderChange): Promise<void> {
    const { order, items } = change;
    if (order.status === OrderStatus.Processing && (change.kind === 'placed' || change.to === OrderStatus.Processing)) {
      await this.issueInvoice(trx, order, items, change.charges);
    } else if (change.kind === 'moved' && change.to === OrderStatus.Cancelled) {
      await this.issueCreditNote(trx, order);
    }
  }

  /** The order's invoice (or receipt), issued once: asking again returns the one issued. */
  async issueInvoice(
    trx: Database,
    order: OrderRow,
    items: OrderItemRow[],
    charges: OrderChargeRow[] = [],
  ): Promise<IssuedDocument> {
    const issued = await this.find(order.store_id, order.id, 'invoice', trx);
    if (issued) return issued;
    const store = await this.storeOf(trx, order);
    // A GSTIN that does not check out is no registration: the order gets a receipt, not a tax invoice.
    const type = sellerOf(store).gstin ? 'tax-invoice' : 'receipt';
    // The place of supply is where the PIN is, whatever state was typed (an order from before the
    // PIN check, or a PIN the directory no longer knows, keeps its typed state).
    const pinState = (await this.stateOfPincode(order.postal_code, trx))?.state;
    const shipped = pinState ? { ...order, state: pinState } : order;
    return this.issue(trx, order, type, (number, issuedAt) =>
      buildInvoice(store, shipped, items, { number, issuedAt }, charges),
    );
  }

  /** A credit note for an order cancelled after its invoice; nothing for one never invoiced. */
  async issueCreditNote(trx: Database, order: OrderRow): Promise<IssuedDocument | undefined> {
    const invoice = await this.find(order.store_id, order.id, 'invoice', trx);
    if (!invoice) return undefined;
    const issued = await this.find(order.store_id, order.id, 'credit-note', trx);
    if (issued) return issued;
    return this.issue(trx, order, 'credit-note', (number, issuedAt) =>
      buildCreditNote(invoice.document, { number, issuedAt, reason: order.cancel_reason }),
    );
  }

  async find(
    storeId: string,
    orderId: string,
    kind: InvoiceKind,
    db: Database = this.db,
  ): Promise<IssuedDocument | undefined> {
    const row = await db
      .selectFrom('invoices')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('order_id', '=', orderId.toUpperCase())
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row ? { row, document: JSON.parse(row.document_json) as InvoiceDocument } : undefined;
  }

  /** The PDF of an issued document. */
  pdf(issued: IssuedDocument): Promise<Buffer> {
    return renderInvoicePdf(issued.document);
  }

  private async storeOf(trx: Database, order: OrderRow): Promise<StoreRow> {
    const store = await this.stores.byId(order.store_id, trx);
    if (!store) throw new Error(`The store ${order.store_id} of order ${order.id} is missing.`);
    return store;
  }

  /** Takes the next number of the type's series in the current financial year, and records the document. */
  private async issue(
    trx: Database,
    order: OrderRow,
    type: DocumentType,
    build: (number: string, issuedAt: string) => InvoiceDocument,
  ): Promise<IssuedDocument> {
    const store = await this.storeOf(trx, order);
    const financialYear = financialYearOf(this.clock());
    const sequence = await nextInSequence(trx, store.id, sequenceName(type, financialYear));
    // Read after the number is taken: numbers and dates rise together.
    const issuedAt = this.clock().toISOString();
    const number = documentNumber(type, invoicePrefix(store), financialYear, sequence);
    const document = build(number, issuedAt);
    const row: InvoiceRow = {
      id: newId(),
      store_id: store.id,
      order_id: order.id,
      kind: kindOf(type),
      number,
      financial_year: financialYear,
      sequence,
      issued_at: issuedAt,
      total: document.totals.total,
      document_json: JSON.stringify(document),
    };
    await trx.insertInto('invoices').values(row).execute();
    return { row, document };
  }
}
