import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import QRCode from 'qrcode';
import { fontBytes, measurer, PLATFORM_NAME, thaiDocumentDate, wrapText } from '../documents/index.js';

/** What a certificate shows; fixed at issue, so the stored PDF never needs to change. */
export interface CertificateInput {
  learnerName: string;
  courseTitle: string;
  code: string;
  issuedAt: Date;
  /** The public verification page, also in the QR code. */
  verifyUrl: string;
}

// A4 landscape, in points.
const W = 841.89;
const H = 595.28;
const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.28, 0.33, 0.41);
const TEAL = rgb(0.06, 0.46, 0.43);
const GOLD = rgb(0.72, 0.55, 0.16);

export function englishDate(d: Date): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Asia/Bangkok' }).format(d);
}

interface Style {
  font: PDFFont;
  size: number;
  color: RGB;
}

function centred(page: PDFPage, text: string, y: number, s: Style) {
  const width = s.font.widthOfTextAtSize(text, s.size);
  page.drawText(text, { x: (W - width) / 2, y, size: s.size, font: s.font, color: s.color });
}

/** The QR code as vector squares (a row's run of dark modules is one rectangle): sharp at any zoom. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      page.drawRectangle({
        x: x + (quiet + start) * cell,
        y: y + size - (quiet + row + 1) * cell,
        width: (col - start) * cell,
        height: cell,
        color: INK,
      });
    }
  }
}

/** The certificate: one A4 landscape page, Thai first with English beneath, code and QR code to verify. */
export async function renderCertificatePdf(c: CertificateInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const bytes = await fontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  doc.setTitle(`ประกาศนียบัตร: ${c.courseTitle}`, { showInWindowTitleBar: true });
  doc.setSubject(`Certificate of completion ${c.code}`);
  doc.setAuthor(PLATFORM_NAME);
  doc.setCreator(PLATFORM_NAME);
  doc.setProducer(`${PLATFORM_NAME} (pdf-lib)`);
  doc.setLanguage('th-TH');
  doc.setCreationDate(c.issuedAt);
  doc.setModificationDate(c.issuedAt);

  const page = doc.addPage([W, H]);
  page.drawRectangle({ x: 18, y: 18, width: W - 36, height: H - 36, borderColor: TEAL, borderWidth: 3 });
  page.drawRectangle({ x: 28, y: 28, width: W - 56, height: H - 56, borderColor: GOLD, borderWidth: 1 });

  centred(page, PLATFORM_NAME, H - 78, { font: bold, size: 15, color: TEAL });
  centred(page, 'ประกาศนียบัตร', H - 132, { font: bold, size: 40, color: INK });
  centred(page, 'CERTIFICATE OF COMPLETION', H - 158, { font: regular, size: 13, color: GOLD });
  centred(page, 'ขอมอบประกาศนียบัตรฉบับนี้เพื่อแสดงว่า  ·  This is to certify that', H - 198, {
    font: regular,
    size: 13,
    color: MUTED,
  });

  // The name: as large as fits the width.
  let nameSize = 34;
  while (nameSize > 16 && bold.widthOfTextAtSize(c.learnerName, nameSize) > W - 160) nameSize -= 1;
  centred(page, c.learnerName, H - 246, { font: bold, size: nameSize, color: INK });
  page.drawLine({
    start: { x: W / 2 - 200, y: H - 258 },
    end: { x: W / 2 + 200, y: H - 258 },
    thickness: 0.75,
    color: GOLD,
  });

  centred(page, 'ได้เรียนจบคอร์ส  ·  has successfully completed the course', H - 286, {
    font: regular,
    size: 13,
    color: MUTED,
  });
  const titleStyle = { font: bold, size: 22, color: TEAL };
  const titleLines = wrapText(c.courseTitle, W - 220, measurer(bold, 22)).slice(0, 2);
  titleLines.forEach((line, i) => centred(page, line, H - 322 - i * 32, titleStyle));

  const dateY = H - 322 - titleLines.length * 32 - 14;
  centred(page, `ให้ไว้ ณ วันที่ ${thaiDocumentDate(c.issuedAt)}`, dateY, { font: regular, size: 14, color: INK });
  centred(page, `Issued on ${englishDate(c.issuedAt)}`, dateY - 20, {
    font: regular,
    size: 11,
    color: MUTED,
  });

  // Verification: the code and address at the bottom left, the QR code at the bottom right.
  const small = { font: regular, size: 10, color: MUTED };
  page.drawText('รหัสใบประกาศ / Certificate code', { x: 60, y: 92, ...small });
  page.drawText(c.code, { x: 60, y: 72, font: bold, size: 14, color: INK });
  page.drawText(`ตรวจสอบได้ที่ / Verify at ${c.verifyUrl}`, { x: 60, y: 54, ...small });
  const qrSize = 92;
  drawQr(page, c.verifyUrl, W - 60 - qrSize, 48, qrSize);
  const scan = 'สแกนเพื่อตรวจสอบ';
  page.drawText(scan, {
    x: W - 60 - qrSize / 2 - regular.widthOfTextAtSize(scan, 9) / 2,
    y: 36,
    font: regular,
    size: 9,
    color: MUTED,
  });
  return doc.save();
}
