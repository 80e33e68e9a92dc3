import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { wrapText } from './wrap-text.js';

/** What the summary document shows. Everything here goes into the content hash of the stored document. */
export interface SummaryInput {
  title: string;
  subtitle: string;
  description: string;
  level: string;
  free: boolean;
  /** When the course was last edited; shown as "ข้อมูล ณ วันที่". */
  updatedAt: Date;
  episodes: {
    sort: number;
    sectionTitle: string | null;
    title: string;
    durationSeconds: number;
    isTeaser: boolean;
  }[];
}

export const PLATFORM_NAME = 'เรียนรู้ (Rianroo)';
/**
 * Said under the heading of the first page: this document is the outline the platform made from the course, not
 * a summary the author wrote (an author's own PDF, when attached, is served instead).
 */
export const GENERATED_NOTE =
  'เอกสารนี้สร้างจากโครงสร้างคอร์สโดยอัตโนมัติ · Generated automatically from the course outline';
const LEVELS: Record<string, string> = { beginner: 'เริ่มต้น', intermediate: 'ปานกลาง', advanced: 'ขั้นสูง' };

// A4 portrait, in points.
const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BOTTOM = 72; // room for the footer
const WIDTH = PAGE[0] - 2 * MARGIN;
// Thai stacks marks above and below the letters: lines need more leading than Latin text.
const LEADING = 1.6;

const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.28, 0.33, 0.41);
const TEAL = rgb(0.06, 0.46, 0.43);
const TEAL_BG = rgb(0.8, 0.98, 0.95);
const RULE = rgb(0.89, 0.91, 0.94);

/** mm:ss, or h:mm:ss from an hour on. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${String(m).padStart(2, '0')}:${ss}`;
}

let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
/** Sarabun from its npm package, read once per process. */
export function fontBytes() {
  fonts ??= (async () => {
    const pkg = createRequire(import.meta.url).resolve('@expo-google-fonts/sarabun/package.json');
    const dir = path.dirname(pkg);
    const [regular, bold] = await Promise.all([
      readFile(path.join(dir, '400Regular/Sarabun_400Regular.ttf')),
      readFile(path.join(dir, '700Bold/Sarabun_700Bold.ttf')),
    ]);
    return { regular, bold };
  })();
  fonts.catch(() => (fonts = undefined));
  return fonts;
}

/** Measures a line in the given font and size (used by the line breaker). */
export const measurer = (font: PDFFont, size: number) => (s: string) => font.widthOfTextAtSize(s, size);

interface Style {
  font: PDFFont;
  size: number;
  color: RGB;
}

/** A top-to-bottom writer that starts a new page when the next block does not fit. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    private readonly onNewPage: (w: Writer) => void = () => {},
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
    this.onNewPage(this);
  }

  /** Makes sure `height` points fit above the footer. */
  room(height: number) {
    if (this.y - height < BOTTOM) this.newPage();
  }

  lineHeight = (s: Style) => s.size * LEADING;

  /** One line whose top is at the cursor; the cursor moves below it. */
  line(text: string, s: Style, x = MARGIN) {
    this.room(this.lineHeight(s));
    this.page.drawText(text, { x, y: this.y - s.size * 1.15, size: s.size, font: s.font, color: s.color });
    this.y -= this.lineHeight(s);
  }

  paragraph(text: string, s: Style, width = WIDTH, x = MARGIN) {
    for (const l of wrapText(text, width, measurer(s.font, s.size))) this.line(l, s, x);
  }

  gap(points: number) {
    this.y -= points;
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE[0] - MARGIN, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
  }
}

/** The summary document of one course: A4 portrait, Thai, with page numbers; as many pages as it needs. */
export async function renderSummaryPdf(input: SummaryInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const bytes = await fontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  const now = new Date();
  doc.setTitle(input.title, { showInWindowTitleBar: true });
  doc.setSubject(input.subtitle || 'เอกสารสรุปคอร์ส');
  doc.setAuthor(PLATFORM_NAME);
  doc.setCreator(PLATFORM_NAME);
  doc.setProducer(`${PLATFORM_NAME} (pdf-lib)`);
  doc.setLanguage('th-TH');
  doc.setKeywords(['เอกสารสรุปคอร์ส', 'course summary', 'generated from the course outline']);
  doc.setCreationDate(now);
  doc.setModificationDate(now);

  const text = { font: regular, size: 11.5, color: INK };
  const small = { font: regular, size: 9.5, color: MUTED };
  const h2 = { font: bold, size: 15, color: INK };
  const w = new Writer(doc);

  w.line(PLATFORM_NAME, { font: bold, size: 12, color: TEAL });
  w.line('เอกสารสรุปคอร์ส', small);
  w.paragraph(GENERATED_NOTE, small);
  w.gap(6);
  w.paragraph(input.title, { font: bold, size: 22, color: INK });
  if (input.subtitle) w.paragraph(input.subtitle, { font: regular, size: 14, color: MUTED });
  w.gap(4);
  const total = input.episodes.reduce((sum, e) => sum + e.durationSeconds, 0);
  const meta = [
    `ระดับ: ${LEVELS[input.level] ?? input.level}`,
    `${input.episodes.length} ตอน`,
    `ความยาวรวม ${clock(total)}`,
    input.free ? 'เรียนฟรี' : 'สำหรับสมาชิก',
  ];
  w.paragraph(meta.join('  ·  '), text);
  const date = new Intl.DateTimeFormat('th-TH', { dateStyle: 'long', timeZone: 'Asia/Bangkok' });
  w.line(`ข้อมูล ณ วันที่ ${date.format(input.updatedAt)}`, small);
  w.gap(10);
  w.rule();
  w.gap(12);

  if (input.description.trim()) {
    w.room(w.lineHeight(h2) + w.lineHeight(text) * 2);
    w.line('รายละเอียดคอร์ส', h2);
    w.gap(2);
    w.paragraph(input.description, text);
    w.gap(14);
  }

  episodeTable(w, input.episodes, { regular, bold });
  w.gap(6);
  const totalText = `รวม ${input.episodes.length} ตอน  ·  ความยาวรวม ${clock(total)}`;
  w.room(w.lineHeight(h2));
  const totalStyle = { font: bold, size: 12, color: INK };
  w.line(totalText, totalStyle, PAGE[0] - MARGIN - bold.widthOfTextAtSize(totalText, 12));

  footers(doc, input.title, regular);
  return doc.save();
}

const NUM_W = 30;
const BADGE_W = 72;
const TIME_W = 56;
const TITLE_W = WIDTH - NUM_W - BADGE_W - TIME_W - 12;

function episodeTable(w: Writer, episodes: SummaryInput['episodes'], f: { regular: PDFFont; bold: PDFFont }) {
  const h2 = { font: f.bold, size: 15, color: INK };
  const head = { font: f.bold, size: 10, color: MUTED };
  const cell = { font: f.regular, size: 11.5, color: INK };
  const section = { font: f.bold, size: 12, color: TEAL };
  const badge = { font: f.regular, size: 9, color: TEAL };
  const right = (s: string, st: Style, edge: number) => edge - st.font.widthOfTextAtSize(s, st.size);
  const header = () => {
    const y = w.y;
    w.line('ตอน', head);
    w.page.drawText('ความยาว', {
      x: right('ความยาว', head, PAGE[0] - MARGIN),
      y: y - head.size * 1.15,
      size: head.size,
      font: head.font,
      color: head.color,
    });
    w.page.drawText('ชื่อตอน', {
      x: MARGIN + NUM_W,
      y: y - head.size * 1.15,
      size: head.size,
      font: head.font,
      color: head.color,
    });
    w.rule();
    w.gap(4);
  };

  w.room(w.lineHeight(h2) + w.lineHeight(head) + w.lineHeight(cell) * 2);
  w.line('รายการตอน', h2);
  w.gap(2);
  header();
  if (!episodes.length) w.line('ยังไม่มีตอนที่เผยแพร่', cell);
  let currentSection: string | null = null;
  for (const e of episodes) {
    if (e.sectionTitle && e.sectionTitle !== currentSection) {
      w.room(w.lineHeight(section) + w.lineHeight(cell) + 4);
      w.gap(4);
      w.paragraph(e.sectionTitle, section);
    }
    currentSection = e.sectionTitle ?? currentSection;
    const lines = wrapText(e.title, TITLE_W, measurer(cell.font, cell.size));
    const height = lines.length * w.lineHeight(cell) + 6;
    if (w.y - height < BOTTOM) {
      w.newPage();
      header();
    }
    const top = w.y;
    const baseline = top - cell.size * 1.15 - 3;
    w.page.drawText(`${e.sort}.`, { x: MARGIN, y: baseline, size: cell.size, font: cell.font, color: MUTED });
    lines.forEach((l, i) =>
      w.page.drawText(l, {
        x: MARGIN + NUM_W,
        y: baseline - i * w.lineHeight(cell),
        size: cell.size,
        font: cell.font,
        color: INK,
      }),
    );
    if (e.isTeaser) {
      const label = 'ตัวอย่างฟรี';
      const lw = badge.font.widthOfTextAtSize(label, badge.size);
      const bx = PAGE[0] - MARGIN - TIME_W - 8 - lw - 12;
      w.page.drawRectangle({
        x: bx,
        y: baseline - 4,
        width: lw + 12,
        height: badge.size + 8,
        color: TEAL_BG,
      });
      w.page.drawText(label, {
        x: bx + 6,
        y: baseline,
        size: badge.size,
        font: badge.font,
        color: badge.color,
      });
    }
    const time = clock(e.durationSeconds);
    w.page.drawText(time, {
      x: right(time, cell, PAGE[0] - MARGIN),
      y: baseline,
      size: cell.size,
      font: cell.font,
      color: INK,
    });
    w.y = top - height;
    w.rule();
  }
}

/** "เรียนรู้ (Rianroo) · <course>" and "หน้า n จาก m" at the foot of every page, once the count is known. */
function footers(doc: PDFDocument, title: string, font: PDFFont) {
  const pages = doc.getPages();
  const size = 9;
  const maxLeft = WIDTH - 90;
  let left = `${PLATFORM_NAME} · ${title}`;
  if (font.widthOfTextAtSize(left, size) > maxLeft) {
    left = `${wrapText(left, maxLeft - font.widthOfTextAtSize('…', size), measurer(font, size))[0]}…`;
  }
  pages.forEach((page, i) => {
    const y = MARGIN / 1.6;
    page.drawLine({
      start: { x: MARGIN, y: y + 16 },
      end: { x: PAGE[0] - MARGIN, y: y + 16 },
      thickness: 0.5,
      color: RULE,
    });
    page.drawText(left, { x: MARGIN, y, size, font, color: MUTED });
    const n = `หน้า ${i + 1} จาก ${pages.length}`;
    page.drawText(n, { x: PAGE[0] - MARGIN - font.widthOfTextAtSize(n, size), y, size, font, color: MUTED });
  });
}
