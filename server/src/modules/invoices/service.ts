import { type EwayBill, type InvoiceCopy, OrderStatus } from '@netkart/contract';
import type {
  Database,
  InvoiceKind,
  InvoiceRow,
  OrderChargeRow,
  OrderItemRow,
  OrderRow,
  ReturnCreditNoteRow,
  StoreRow,
} from '../../db/schema.js';
import { nextInSequence } from '../../db/sequences.js';
import { HttpError } from '../../http/errors.js';
import { newId } from '../../shared/ids.js';
import { istDay, istDayStart } from '../../shared/india-time.js';
import type { OrderChange } from '../orders/service.js';
import type { StoreService } from '../stores/service.js';
import {
  buildCreditNote,
  buildInvoice,
  buildReturnCreditNote,
  type InvoiceDocument,
  type ReturnedLine,
  sellerOf,
} from './document.js';
import { type Gstr1, gstr1Of } from './gstr1.js';
import {
  type DocumentType,
  documentNumber,
  financialYearOf,
  invoicePrefix,
  kindOf,
  sequenceName,
} from './numbering.js';
import { renderInvoicePdf } from './pdf.js';
import { checkSignaturePng } from './signature.js';

/** A return's credit note as issued. */
export interface IssuedReturnCreditNote {
  row: ReturnCreditNoteRow;
  document: InvoiceDocument;
}

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

  /**
   * The credit note of a received return, for its lines only, in the return's transaction; issued
   * once per return (asking again returns it). Nothing for an order never invoiced.
   */
  async issueReturnCreditNote(
    trx: Database,
    order: OrderRow,
    returned: { returnId: string; lines: ReturnedLine[]; reason: string | null },
  ): Promise<IssuedReturnCreditNote | undefined> {
    const kept = await this.returnCreditNote(order.store_id, returned.returnId, trx);
    if (kept) return kept;
    const invoice = await this.find(order.store_id, order.id, 'invoice', trx);
    if (!invoice) return undefined;
    const store = await this.storeOf(trx, order);
    const financialYear = financialYearOf(this.clock());
    const sequence = await nextInSequence(trx, store.id, sequenceName('credit-note', financialYear));
    const issuedAt = this.clock().toISOString();
    const number = documentNumber('credit-note', invoicePrefix(store), financialYear, sequence);
    const document = buildReturnCreditNote(invoice.document, returned.lines, {
      number,
      issuedAt,
      reason: returned.reason,
    });
    const row: ReturnCreditNoteRow = {
      id: newId(),
      store_id: store.id,
      order_id: order.id,
      return_id: returned.returnId,
      number,
      financial_year: financialYear,
      sequence,
      issued_at: issuedAt,
      total: document.totals.total,
      document_json: JSON.stringify(document),
    };
    await trx.insertInto('return_credit_notes').values(row).execute();
    return { row, document };
  }

  /** A return's credit note, if it has one. */
  async returnCreditNote(
    storeId: string,
    returnId: string,
    db: Database = this.db,
  ): Promise<IssuedReturnCreditNote | undefined> {
    const row = await db
      .selectFrom('return_credit_notes')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('return_id', '=', returnId)
      .executeTakeFirst();
    return row ? { row, document: JSON.parse(row.document_json) as InvoiceDocument } : undefined;
  }

  /** These returns' credit notes by return id (number, day of issue, total in paise). */
  async returnCreditNotes(
    storeId: string,
    returnIds: string[],
  ): Promise<Map<string, { number: string; issuedAt: string; total: number }>> {
    const found = new Map<string, { number: string; issuedAt: string; total: number }>();
    if (returnIds.length === 0) return found;
    const rows = await this.db
      .selectFrom('return_credit_notes')
      .select(['return_id', 'number', 'issued_at', 'total'])
      .where('store_id', '=', storeId)
      .where('return_id', 'in', returnIds)
      .execute();
    for (const row of rows) {
      found.set(row.return_id, { number: row.number, issuedAt: row.issued_at, total: Number(row.total) });
    }
    return found;
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

  /**
   * The PDF of an issued document, as the copy asked for (rule 48), with what is added after issue:
   * the store's signature as it is now, and the order's e-way bill once the merchant typed it.
   */
  async pdf(issued: IssuedDocument, copy: InvoiceCopy = 'original'): Promise<Buffer> {
    const { store_id: storeId, order_id: orderId } = issued.row;
    const [signature, ewayBill] = await Promise.all([this.signature(storeId), this.ewayBill(storeId, orderId)]);
    return renderInvoicePdf(issued.document, { copy, signature, ewayBill });
  }

  /** Each of these orders' invoice and credit note numbers and figures, for the orders CSV. */
  async documentsOfOrders(
    storeId: string,
    orderIds: string[],
  ): Promise<Map<string, { invoice?: InvoiceDocument; creditNote?: InvoiceDocument }>> {
    const found = new Map<string, { invoice?: InvoiceDocument; creditNote?: InvoiceDocument }>();
    if (orderIds.length === 0) return found;
    const rows = await this.db
      .selectFrom('invoices')
      .select(['order_id', 'kind', 'document_json'])
      .where('store_id', '=', storeId)
      .where('order_id', 'in', orderIds)
      .execute();
    for (const row of rows) {
      const entry = found.get(row.order_id) ?? {};
      const document = JSON.parse(row.document_json) as InvoiceDocument;
      if (row.kind === 'invoice') entry.invoice = document;
      else entry.creditNote = document;
      found.set(row.order_id, entry);
    }
    return found;
  }

  /** GSTR-1's tables for a month (YYYY-MM): the documents issued in it, India time, in the order of their numbers. */
  async gstr1(storeId: string, month: string): Promise<Gstr1> {
    const [year = 0, monthNumber = 0] = month.split('-').map(Number);
    const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
    const rows = await this.db
      .selectFrom('invoices')
      .select(['kind', 'document_json'])
      .where('store_id', '=', storeId)
      .where('issued_at', '>=', istDayStart(`${month}-01`).toISOString())
      .where('issued_at', '<', istDayStart(`${next}-01`).toISOString())
      .orderBy('kind')
      .orderBy('financial_year')
      .orderBy('sequence')
      .execute();
    // A received return's credit note is a credit note like a cancellation's, numbered in the same series.
    const returnNotes = await this.db
      .selectFrom('return_credit_notes')
      .select(['document_json'])
      .where('store_id', '=', storeId)
      .where('issued_at', '>=', istDayStart(`${month}-01`).toISOString())
      .where('issued_at', '<', istDayStart(`${next}-01`).toISOString())
      .orderBy('financial_year')
      .orderBy('sequence')
      .execute();
    const issued = rows.map((row) => ({ kind: row.kind, document: JSON.parse(row.document_json) as InvoiceDocument }));
    const creditNotes = [
      ...issued.filter((each) => each.kind === 'credit-note'),
      ...returnNotes.map((row) => ({
        kind: 'credit-note' as const,
        document: JSON.parse(row.document_json) as InvoiceDocument,
      })),
    ].sort((a, b) => a.document.number.localeCompare(b.document.number));
    return gstr1Of([...creditNotes, ...issued.filter((each) => each.kind !== 'credit-note')]);
  }

  /** The signature printed above "Authorised Signatory", if the owner uploaded one. */
  async signature(storeId: string): Promise<Buffer | undefined> {
    const row = await this.db
      .selectFrom('invoice_signatures')
      .select('png_base64')
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    return row ? Buffer.from(row.png_base64, 'base64') : undefined;
  }

  /** Keeps the store's signature (a checked PNG) for every invoice downloaded from now on. */
  async setSignature(storeId: string, png: Buffer): Promise<void> {
    const checked = await checkSignaturePng(png);
    const values = { png_base64: checked.toString('base64'), uploaded_at: this.clock().toISOString() };
    await this.db
      .insertInto('invoice_signatures')
      .values({ store_id: storeId, ...values })
      .onConflict((conflict) => conflict.column('store_id').doUpdateSet(values))
      .execute();
  }

  async removeSignature(storeId: string): Promise<void> {
    await this.db.deleteFrom('invoice_signatures').where('store_id', '=', storeId).execute();
  }

  /** The e-way bill the merchant recorded for the order's consignment. */
  async ewayBill(storeId: string, orderId: string): Promise<EwayBill | undefined> {
    const row = await this.db
      .selectFrom('eway_bills')
      .select(['number', 'bill_date'])
      .where('store_id', '=', storeId)
      .where('order_id', '=', orderId.toUpperCase())
      .executeTakeFirst();
    return row ? { number: row.number, date: row.bill_date } : undefined;
  }

  /**
   * Records (or corrects) the e-way bill of an invoiced order: generated on or after the invoice's
   * day and not in the future, India time. An order without an invoice has no consignment to cover yet.
   */
  async setEwayBill(storeId: string, orderId: string, bill: EwayBill): Promise<EwayBill> {
    const invoice = await this.find(storeId, orderId, 'invoice');
    if (!invoice) {
      throw new HttpError(
        409,
        `Order ${orderId.toUpperCase()} has no invoice yet: record its e-way bill once it is paid and invoiced.`,
      );
    }
    const today = istDay(this.clock());
    const start = istDayStart(bill.date);
    if (Number.isNaN(start.getTime()) || istDay(start) !== bill.date)
      throw new HttpError(400, `date: ${bill.date} is not a day of the calendar.`, {}, 'date');
    if (bill.date > today) throw new HttpError(400, 'date: an e-way bill cannot be dated in the future.', {}, 'date');
    if (bill.date < invoice.document.date) {
      throw new HttpError(
        400,
        `date: the e-way bill is generated on or after the invoice's day (${invoice.document.date}).`,
        {},
        'date',
      );
    }
    const values = { number: bill.number, bill_date: bill.date, recorded_at: this.clock().toISOString() };
    await this.db
      .insertInto('eway_bills')
      .values({ order_id: invoice.row.order_id, store_id: storeId, ...values })
      .onConflict((conflict) => conflict.column('order_id').doUpdateSet(values))
      .execute();
    return { number: bill.number, date: bill.date };
  }

  async removeEwayBill(storeId: string, orderId: string): Promise<void> {
    await this.db
      .deleteFrom('eway_bills')
      .where('store_id', '=', storeId)
      .where('order_id', '=', orderId.toUpperCase())
      .execute();
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
