import type { CreditNote, TaxBuyer, TaxBuyerDraft, TaxInvoice, TaxSeller } from '@rianroo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { inTransaction, type Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import type { Storage } from '../../lib/storage.js';
import { refundMail, taxInvoiceMail } from '../../mail/templates.js';
import type { Mailer } from '../../plugins/mail.js';
import { organizationOf } from '../organisations/index.js';
import { renderTaxDocumentPdf, type TaxDocumentInput } from './tax-document-pdf.js';
import * as repo from './tax-invoices.repo.js';
import type { CreditNoteRow, TaxInvoiceRow } from './tax-invoices.repo.js';

export const TAX_PDF_TYPE = 'application/pdf';

const toInvoice = (t: TaxInvoiceRow): TaxInvoice => ({
  number: t.number,
  receiptNumber: t.receipt_number,
  orderNumber: t.order_number,
  issuedAt: t.issued_at.toISOString(),
  buyer: t.buyer,
  seller: t.seller,
  subtotalSatang: t.subtotal_satang,
  discountSatang: t.discount_satang,
  netSatang: t.total_satang - t.vat_satang,
  vatSatang: t.vat_satang,
  totalSatang: t.total_satang,
});

const toCreditNote = (n: CreditNoteRow): CreditNote => ({
  number: n.number,
  receiptNumber: n.receipt_number,
  taxInvoiceNumber: n.tax_invoice_number,
  orderNumber: n.order_number,
  issuedAt: n.issued_at.toISOString(),
  reason: n.reason,
  amountSatang: n.amount_satang,
  vatSatang: n.vat_satang,
  originalTotalSatang: n.original_total_satang,
});

/** What a PDF of a tax invoice shows, from its row alone. */
function invoiceDocument(t: TaxInvoiceRow): TaxDocumentInput {
  const terms = t.plan_terms;
  const d = (x: Date | null) =>
    x?.toLocaleDateString('th-TH-u-ca-buddhist', { timeZone: 'Asia/Bangkok', dateStyle: 'medium' });
  return {
    kind: 'tax-invoice',
    number: t.number,
    issuedAt: t.issued_at,
    seller: t.seller,
    buyer: t.buyer,
    references: [
      { label: 'ใบเสร็จรับเงิน', value: t.receipt_number },
      { label: 'คำสั่งซื้อ', value: t.order_number },
    ],
    item: {
      description:
        `ค่าสมาชิก Rianroo ${terms ? `${terms.name}${terms.name_en ? ` (${terms.name_en})` : ''}` : ''}`.trim(),
      detail: t.period_start && t.period_end ? `ระยะเวลา ${d(t.period_start)} – ${d(t.period_end)}` : '',
      amountSatang: t.subtotal_satang,
    },
    discountSatang: t.discount_satang,
    totalSatang: t.total_satang,
    vatSatang: t.vat_satang,
    note: `ออกแทนใบกำกับภาษีอย่างย่อ (ใบเสร็จรับเงิน) เลขที่ ${t.receipt_number}`,
  };
}

function creditDocument(n: CreditNoteRow): TaxDocumentInput {
  return {
    kind: 'credit-note',
    number: n.number,
    issuedAt: n.issued_at,
    seller: n.seller,
    buyer: n.buyer,
    references: [
      ...(n.tax_invoice_number ? [{ label: 'อ้างถึงใบกำกับภาษี', value: n.tax_invoice_number }] : []),
      { label: 'ใบเสร็จรับเงิน', value: n.receipt_number },
      { label: 'คำสั่งซื้อ', value: n.order_number },
    ],
    reason: n.reason,
    originalTotalSatang: n.original_total_satang,
    originalVatSatang: n.original_vat_satang,
    amountSatang: n.amount_satang,
    vatSatang: n.vat_satang,
  };
}

export interface TaxInvoicesDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'payments'>;
  mail: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * Full tax invoices (asked for at checkout or later from a receipt; one per receipt) and the PDFs of them and of
 * credit notes. Numbers are the database's (migration 0039), as receipts' are: gap-free per seller and year.
 */
export class TaxInvoicesService {
  constructor(private readonly deps: TaxInvoicesDeps) {}
  private get db() {
    return this.deps.db;
  }

  /** The seller as a tax document names it now (the config's SELLER_*). */
  get seller(): TaxSeller {
    const { seller, sellerBranch } = this.deps.config.payments;
    return { ...seller, branch: sellerBranch };
  }

  /** What the learner's form starts with: their last invoice's buyer, else their organisation's name. */
  async draft(userId: string): Promise<TaxBuyerDraft> {
    const last = await repo.lastBuyer(this.db.$client, userId);
    if (last) return last;
    const org = await organizationOf(this.db, userId);
    return { name: org?.name ?? '', address: '', taxId: '', branch: 'head_office' };
  }

  async myDocuments(userId: string) {
    const [invoices, notes] = await Promise.all([
      repo.invoicesOf(this.db.$client, userId),
      repo.creditNotesOf(this.db.$client, userId),
    ]);
    return { taxInvoices: invoices.map(toInvoice), creditNotes: notes.map(toCreditNote) };
  }

  /**
   * The full tax invoice of one of the learner's receipts: issued now (created), or the one it has (one per
   * receipt, also when asked for several times at once: the later askers get the first one's). 404 for a receipt
   * that is not the learner's.
   */
  async forReceipt(userId: string, receiptNumber: string, buyer: TaxBuyer) {
    const receipt = await repo.receiptOf(this.db.$client, userId, receiptNumber);
    if (!receipt) throw notFound('Receipt');
    if (receipt.total_satang <= 0)
      throw new AppError(
        'NOTHING_TO_INVOICE',
        409,
        'Nothing was paid for this receipt: there is no sale to invoice',
      );
    const created = await repo.issueForReceipt(this.db.$client, {
      id: uuidv7(),
      receiptId: receipt.id,
      userId,
      buyer,
      seller: this.seller,
    });
    const invoice = (await repo.invoiceOfReceipt(this.db.$client, receipt.id))!;
    if (created) await this.mailInvoice(invoice);
    return { created, invoice: toInvoice(invoice) };
  }

  /**
   * A full tax invoice asked for at checkout: kept with the learner's unpaid order and issued in the transaction
   * that marks it paid (issueRequested), or issued now when it is paid already (a 100% promo code pays at once).
   */
  async forOrder(userId: string, orderId: string, buyer: TaxBuyer) {
    const issued = await inTransaction(this.db, async (c) => {
      // The order's row is locked: a payment applied at the same moment (it locks the row too) comes before
      // (then the invoice is issued here) or after (then it issues the request kept here).
      const order = await repo.orderOf(c, userId, orderId);
      if (!order) throw notFound('Order');
      if (order.total_satang <= 0)
        throw new AppError(
          'NOTHING_TO_INVOICE',
          409,
          'Nothing is paid for this order: there is no sale to invoice',
        );
      if (order.status === 'pending') {
        await repo.saveRequest(c, order.id, buyer);
        return null;
      }
      if (order.status !== 'paid' || !order.receipt_id)
        throw new AppError('ORDER_NOT_PAYABLE', 409, 'This order was not paid and can no longer be');
      const created = await repo.issueForReceipt(c, {
        id: uuidv7(),
        receiptId: order.receipt_id,
        userId,
        buyer,
        seller: this.seller,
      });
      return { created, invoice: (await repo.invoiceOfReceipt(c, order.receipt_id))! };
    });
    if (issued?.created) await this.mailInvoice(issued.invoice);
    return { taxInvoice: issued ? toInvoice(issued.invoice) : null };
  }

  /** Mails the tax invoice an order's payment issued (called once the payment has committed). */
  async mailIssuedAtPayment(orderId: string) {
    const { rows } = await this.db.$client.query<{ id: string }>(
      `select t.id from tax_invoices t join tax_invoice_requests q on q.order_id = t.order_id where t.order_id = $1`,
      [orderId],
    );
    const invoice = rows[0] && (await repo.invoiceById(this.db.$client, rows[0].id));
    if (invoice) await this.mailInvoice(invoice);
  }

  /** A tax document's PDF by its number: the learner's own (404 for anyone else's), or any for the console. */
  async pdf(number: string, userId: string | null) {
    const document = number.startsWith('TI-')
      ? await repo.invoiceByNumber(this.db.$client, number, userId).then((t) => t && invoiceDocument(t))
      : await repo.creditNoteByNumber(this.db.$client, number, userId).then((n) => n && creditDocument(n));
    if (!document) throw notFound('Tax document');
    return {
      pdf: Buffer.from(await renderTaxDocumentPdf(document)),
      filename: `${number}.pdf`,
      type: TAX_PDF_TYPE,
    };
  }

  /** The PDF stored for a mail's attachment (the mail job reads it from storage). */
  private async stored(id: string, document: TaxDocumentInput) {
    const key = `tax-documents/${id}.pdf`;
    await this.deps.storage.put(key, Buffer.from(await renderTaxDocumentPdf(document)));
    return { filename: `${document.number}.pdf`, contentType: TAX_PDF_TYPE, storageKey: key };
  }

  private async learner(userId: string) {
    const { rows } = await this.db.$client.query<{ email: string; first_name: string; locale: 'th' | 'en' }>(
      `select email, first_name, locale from users where id = $1 and deleted_at is null`,
      [userId],
    );
    return rows[0];
  }

  private receiptUrl(receiptNumber: string) {
    return `${this.deps.config.publicUrl}/account/receipts/${encodeURIComponent(receiptNumber)}`;
  }

  /** The issued invoice to the learner, its PDF attached. A mail that cannot be queued is logged, not thrown. */
  private async mailInvoice(t: TaxInvoiceRow) {
    try {
      const who = await this.learner(t.user_id);
      if (!who) return;
      await this.deps.mail.send(
        taxInvoiceMail(who.email, who.first_name, who.locale, {
          number: t.number,
          receiptNumber: t.receipt_number,
          buyerName: t.buyer.name,
          totalSatang: t.total_satang,
          url: this.receiptUrl(t.receipt_number),
          attachment: await this.stored(t.id, invoiceDocument(t)),
        }),
      );
    } catch (err) {
      this.deps.log.error({ err, number: t.number }, 'the tax invoice mail could not be queued');
    }
  }

  /** The learner is told of a refund, its credit note attached. */
  async mailRefund(refundId: string, access: { ends: Date | null; ended: boolean }) {
    const note = await repo.creditNoteByRefund(this.db.$client, refundId);
    if (!note) return;
    try {
      const who = await this.learner(note.user_id);
      if (!who) return;
      await this.deps.mail.send(
        refundMail(who.email, who.first_name, who.locale, {
          creditNoteNumber: note.number,
          orderNumber: note.order_number,
          amountSatang: note.amount_satang,
          reason: note.reason,
          accessEnds: access.ends,
          ended: access.ended,
          url: this.receiptUrl(note.receipt_number),
          attachment: await this.stored(note.id, creditDocument(note)),
        }),
      );
    } catch (err) {
      this.deps.log.error({ err, number: note.number }, 'the refund mail could not be queued');
    }
  }
}
