import { DATA_EXPORT_DAYS } from '@rianroo/contract';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../lib/storage.js';
import { toCsv } from './export-csv.js';
import { learnerFiles, type ExportDocuments } from './export-files.js';
import { exportKinds } from './export-kinds.js';
import { ZipWriter } from './export-zip.js';

/** JSON as the ZIP keeps it: dates in ISO 8601 (JSON.stringify's own), indented for a person to read. */
const json = (rows: Record<string, unknown>[]) => `${JSON.stringify(rows, null, 2)}\n`;

function readme(counts: { name: string; th: string; en: string; rows: number }[], missing: string[]) {
  const th = [
    'ข้อมูลของคุณบน Rianroo (เรียนรู้)',
    '',
    'แต่ละโฟลเดอร์คือข้อมูลหนึ่งประเภท มีไฟล์ .json และ .csv (UTF-8 เปิดด้วย Excel ได้) ที่มีข้อมูลเดียวกัน',
    'เวลาทั้งหมดเป็น UTC (ISO 8601) จำนวนเงินเป็นสตางค์ (100 สตางค์ = 1 บาท) รหัส (id) เชื่อมข้อมูลระหว่างไฟล์',
    'ไฟล์ของคุณ (รูปโปรไฟล์ ใบประกาศนียบัตร ใบกำกับภาษี ใบลดหนี้) อยู่ในโฟลเดอร์ files',
    'ไม่มีรหัสผ่านหรือรหัสลับใด ๆ ในไฟล์นี้',
    `ไฟล์นี้ดาวน์โหลดได้ ${DATA_EXPORT_DAYS} วัน แล้วจะถูกลบ`,
    '',
    ...counts.map((c) => `${c.name}/ (${c.rows} รายการ): ${c.th}`),
  ];
  const en = [
    'Your data on Rianroo',
    '',
    'Each folder is one kind of data, in a .json and a .csv file (UTF-8; Excel opens it) holding the same rows.',
    'Times are UTC (ISO 8601); amounts are in satang (100 satang = 1 baht); ids link rows across files.',
    'Your files (photo, certificates, tax invoices, credit notes) are in the files folder.',
    'No password or other secret is in this file.',
    `This file can be downloaded for ${DATA_EXPORT_DAYS} days, then it is deleted.`,
    '',
    ...counts.map((c) => `${c.name}/ (${c.rows} rows): ${c.en}`),
  ];
  const gone = missing.length
    ? [
        '',
        'ไฟล์ที่ไม่พบ (ไม่รวมใน ZIP) / Files that could not be found (not in the ZIP):',
        ...missing.map((m) => `- ${m}`),
      ]
    : [];
  return [...th, '', '----', '', ...en, ...gone, ''].join('\r\n');
}

/**
 * Writes the learner's ZIP to `file`: a folder per kind with its JSON and CSV, the learner's files, and a
 * README in Thai and English. A file that cannot be read is listed in the README, and the rest goes on.
 */
export async function writeExportZip(
  file: string,
  deps: {
    db: Db;
    storage: Storage;
    documents: ExportDocuments;
    onMissing: (name: string, err: unknown) => void;
  },
  userId: string,
) {
  const zip = new ZipWriter(file);
  try {
    // Files first: a certificate's PDF made now records its storage key before the rows are read.
    const missing: string[] = [];
    for (const f of await learnerFiles(deps.db, deps.storage, deps.documents, userId)) {
      const body = await f.open().catch((err: unknown) => {
        deps.onMissing(f.name, err);
        return undefined;
      });
      if (body) await zip.add(f.name, body);
      else missing.push(f.name);
    }
    const counts = [];
    for (const kind of exportKinds) {
      const rows = await kind.rows(deps.db, userId);
      await zip.add(`${kind.name}/${kind.name}.json`, json(rows));
      await zip.add(`${kind.name}/${kind.name}.csv`, toCsv(kind.columns, rows));
      counts.push({ name: kind.name, th: kind.th, en: kind.en, rows: rows.length });
    }
    await zip.add('README.txt', `\uFEFF${readme(counts, missing)}`);
    await zip.finish();
  } catch (err) {
    zip.abort();
    throw err;
  }
}
