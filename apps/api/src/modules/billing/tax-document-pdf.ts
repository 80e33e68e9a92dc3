import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { HEAD_OFFICE, type TaxBuyer, type TaxSeller } from '@rianroo/contract';
import { fontBytes, measurer, PLATFORM_NAME, thaiDocumentDate, wrapText } from '../documents/index.js';
import { thaiBahtText } from './thai-baht-text.js';

/**
 * What a full tax invoice (ใบกำกับภาษี/ใบเสร็จรับเงิน, Revenue Code section 86/4) or a credit note (ใบลดหนี้,
 * section 86/10) shows. Everything comes from the document's own row (snapshots taken when it was issued), so
 * the PDF drawn again later is the same document.
 */
export type TaxDocumentInput = {
  number: string;
  issuedAt: Date;
  seller: TaxSeller;
  /** For a credit note of a receipt without a full tax invoice: the name only (the other fields empty). */
  buyer: TaxBuyer;
  /** Other documents this one refers to ("ใบเสร็จรับเงินเลขที่", "คำสั่งซื้อเลขที่"). */
  references: { label: string; value: string }[];
} & (
  | {
      kind: 'tax-invoice';
      /** What was sold, VAT included. */
      item: { description: string; detail: string; amountSatang: number };
      discountSatang: number;
      totalSatang: number;
      vatSatang: number;
      /** A line under the totals (the abbreviated receipt this invoice replaces). */
      note: string | null;
    }
  | {
      kind: 'credit-note';
      reason: string;
      /** The original document's total and the credited amount, VAT included, with its VAT part. */
      originalTotalSatang: number;
      originalVatSatang: number;
      amountSatang: number;
      vatSatang: number;
    }
);

// A4 portrait, in points.
const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = PAGE[0] - 2 * MARGIN;
const RIGHT = PAGE[0] - MARGIN;
const LEADING = 1.55;
const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.28, 0.33, 0.41);
const TEAL = rgb(0.06, 0.46, 0.43);
const RULE = rgb(0.8, 0.84, 0.88);
const SHADE = rgb(0.95, 0.97, 0.98);

/** "สำนักงานใหญ่" or "สาขาที่ 00001" (the Revenue Department's wording). */
export const branchText = (branch: string) =>
  branch === HEAD_OFFICE ? 'สำนักงานใหญ่' : branch ? `สาขาที่ ${branch}` : '';

/** 1,990.00 */
export const bahtFigures = (satang: number) =>
  (satang / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Sara am (ำ) written as its two parts, nikhahit and sara aa (its compatibility decomposition, drawn the same):
 * the font's shaping splits ำ into those glyphs, and pdf-lib's text map then gives the sara aa glyph no letter
 * or the wrong one, so that copying or searching the PDF lost every า after the first ำ ("ภาษี" read "ภษี").
 */
const drawable = (s: string) => s.replace(/\u0e33/g, '\u0e4d\u0e32');

interface Style {
  font: PDFFont;
  size: number;
  color: RGB;
}

/** A top-down cursor on the one page a tax document takes. */
class Cursor {
  y = PAGE[1] - MARGIN;
  constructor(readonly page: PDFPage) {}
  text(s: string, st: Style, x = MARGIN) {
    this.page.drawText(drawable(s), {
      x,
      y: this.y - st.size * 1.15,
      size: st.size,
      font: st.font,
      color: st.color,
    });
  }
  right(s: string, st: Style, edge = RIGHT) {
    this.text(s, st, edge - st.font.widthOfTextAtSize(drawable(s), st.size));
  }
  line(s: string, st: Style, x = MARGIN) {
    this.text(s, st, x);
    this.y -= st.size * LEADING;
  }
  paragraph(s: string, st: Style, width = WIDTH, x = MARGIN) {
    for (const l of wrapText(drawable(s), width, measurer(st.font, st.size))) this.line(l, st, x);
  }
  rule(from = MARGIN, to = RIGHT) {
    this.page.drawLine({
      start: { x: from, y: this.y },
      end: { x: to, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
  }
  gap(points: number) {
    this.y -= points;
  }
}

/** A full tax invoice or a credit note: one A4 page in Thai (Sarabun), the original (ต้นฉบับ). */
export async function renderTaxDocumentPdf(input: TaxDocumentInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const bytes = await fontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  const invoice = input.kind === 'tax-invoice';
  const title = invoice ? 'ใบกำกับภาษี/ใบเสร็จรับเงิน' : 'ใบลดหนี้';
  const titleEn = invoice ? 'TAX INVOICE / RECEIPT' : 'CREDIT NOTE';
  doc.setTitle(`${title} ${input.number}`, { showInWindowTitleBar: true });
  doc.setSubject(`${titleEn} ${input.number}`);
  doc.setAuthor(input.seller.name);
  doc.setCreator(PLATFORM_NAME);
  doc.setProducer(`${PLATFORM_NAME} (pdf-lib)`);
  doc.setLanguage('th-TH');
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);

  const text: Style = { font: regular, size: 10.5, color: INK };
  const small: Style = { font: regular, size: 9, color: MUTED };
  const label: Style = { font: bold, size: 9.5, color: MUTED };
  const strong: Style = { font: bold, size: 10.5, color: INK };
  const c = new Cursor(doc.addPage(PAGE));

  // The seller (left) and the document's title (right).
  const top = c.y;
  const half = WIDTH * 0.58;
  c.paragraph(input.seller.name, { font: bold, size: 13, color: INK }, half);
  c.paragraph(input.seller.address, small, half);
  c.line(`เลขประจำตัวผู้เสียภาษีอากร ${input.seller.taxId}  ${branchText(input.seller.branch)}`.trim(), small);
  const sellerBottom = c.y;
  c.y = top;
  c.right(title, { font: bold, size: 17, color: TEAL });
  c.gap(17 * LEADING);
  c.right('(ต้นฉบับ / ORIGINAL)', strong);
  c.gap(10.5 * LEADING);
  c.right(titleEn, small);
  c.gap(9 * LEADING);
  c.y = Math.min(c.y, sellerBottom) - 8;
  c.rule();
  c.gap(10);

  // Number, date, references (right), the buyer (left).
  const blockTop = c.y;
  const refX = MARGIN + WIDTH * 0.6;
  const facts: [string, string][] = [
    ['เลขที่', input.number],
    ['วันที่', thaiDocumentDate(input.issuedAt)],
    ...input.references.map((r): [string, string] => [r.label, r.value]),
  ];
  for (const [k, v] of facts) {
    c.text(k, label, refX);
    c.right(v, text);
    c.gap(10.5 * LEADING);
  }
  const factsBottom = c.y;
  c.y = blockTop;
  const buyerWidth = WIDTH * 0.56;
  c.line(invoice ? 'ผู้ซื้อ / ลูกค้า' : 'ผู้ซื้อ / ลูกค้า (ตามใบกำกับภาษีเดิม)', label);
  c.paragraph(input.buyer.name, strong, buyerWidth);
  if (input.buyer.address) c.paragraph(input.buyer.address, text, buyerWidth);
  if (input.buyer.taxId)
    c.line(`เลขประจำตัวผู้เสียภาษีอากร ${input.buyer.taxId}  ${branchText(input.buyer.branch)}`.trim(), text);
  c.y = Math.min(c.y, factsBottom) - 10;

  if (input.kind === 'tax-invoice') invoiceBody(c, input, { text, small, label, strong });
  else creditBody(c, input, { text, small, label, strong });

  // The foot: who issued it, and that it was made electronically.
  c.y = Math.min(c.y - 24, 150);
  c.rule(RIGHT - 200, RIGHT);
  c.gap(6);
  c.right(invoice ? 'ผู้รับเงิน / ผู้มีอำนาจลงนาม' : 'ผู้มีอำนาจลงนาม', small);
  c.gap(9 * LEADING);
  c.right(input.seller.name, small);
  c.gap(30);
  c.paragraph('เอกสารนี้จัดทำและส่งด้วยวิธีการทางอิเล็กทรอนิกส์ · This document was issued electronically.', small);
  return doc.save();
}

type Styles = { text: Style; small: Style; label: Style; strong: Style };
type Invoice = Extract<TaxDocumentInput, { kind: 'tax-invoice' }>;
type Credit = Extract<TaxDocumentInput, { kind: 'credit-note' }>;

/** A row of the amounts: label left of the amount column, the figure right-aligned. */
function amountRow(c: Cursor, what: string, satang: number, st: Style, shade = false) {
  const h = st.size * LEADING + 4;
  if (shade) c.page.drawRectangle({ x: RIGHT - 260, y: c.y - h + 2, width: 260, height: h, color: SHADE });
  c.text(what, st, RIGHT - 252);
  c.right(bahtFigures(satang), st, RIGHT - 6);
  c.gap(h);
}

function itemsHeader(c: Cursor, s: Styles, numbered: boolean) {
  const h = 20;
  c.page.drawRectangle({ x: MARGIN, y: c.y - h, width: WIDTH, height: h, color: SHADE });
  c.gap(4);
  if (numbered) c.text('ลำดับ', s.label, MARGIN + 6);
  c.text('รายการ', s.label, numbered ? MARGIN + 44 : MARGIN + 6);
  c.right('จำนวนเงิน (บาท)', s.label, RIGHT - 6);
  c.gap(h - 4);
}

function invoiceBody(c: Cursor, d: Invoice, s: Styles) {
  itemsHeader(c, s, true);
  c.gap(4);
  const rowTop = c.y;
  c.text('1', s.text, MARGIN + 10);
  c.right(bahtFigures(d.item.amountSatang), s.text, RIGHT - 6);
  c.paragraph(d.item.description, s.text, WIDTH - 160, MARGIN + 44);
  if (d.item.detail) c.paragraph(d.item.detail, s.small, WIDTH - 160, MARGIN + 44);
  if (d.discountSatang > 0) {
    c.text('ส่วนลด', s.text, MARGIN + 44);
    c.right(`-${bahtFigures(d.discountSatang)}`, s.text, RIGHT - 6);
    c.gap(s.text.size * LEADING);
  }
  c.y = Math.min(c.y, rowTop - 40);
  c.rule();
  c.gap(8);
  const net = d.totalSatang - d.vatSatang;
  amountRow(c, 'มูลค่าสินค้า/บริการ (ไม่รวมภาษีมูลค่าเพิ่ม)', net, s.text);
  amountRow(c, 'ภาษีมูลค่าเพิ่ม 7%', d.vatSatang, s.text);
  amountRow(c, 'จำนวนเงินรวมทั้งสิ้น', d.totalSatang, s.strong, true);
  c.gap(4);
  c.paragraph(`ตัวอักษร: (${thaiBahtText(d.totalSatang)})`, s.strong);
  c.line('ราคาสินค้า/บริการรวมภาษีมูลค่าเพิ่มแล้ว', s.small);
  if (d.note) c.paragraph(d.note, s.small);
}

function creditBody(c: Cursor, d: Credit, s: Styles) {
  c.line('เหตุที่ออกใบลดหนี้', s.label);
  c.paragraph(d.reason, s.text);
  c.gap(8);
  itemsHeader(c, s, false);
  c.gap(4);
  const originalNet = d.originalTotalSatang - d.originalVatSatang;
  const creditedNet = d.amountSatang - d.vatSatang;
  amountRow(c, 'มูลค่าสินค้า/บริการตามใบกำกับภาษีเดิม', originalNet, s.text);
  amountRow(c, 'มูลค่าที่ถูกต้อง', originalNet - creditedNet, s.text);
  amountRow(c, 'ผลต่าง (มูลค่าที่ลดลง)', creditedNet, s.text);
  amountRow(c, 'ภาษีมูลค่าเพิ่ม 7% ของผลต่าง', d.vatSatang, s.text);
  amountRow(c, 'รวมเงินที่คืน', d.amountSatang, s.strong, true);
  c.gap(4);
  c.paragraph(`ตัวอักษร: (${thaiBahtText(d.amountSatang)})`, s.strong);
}
