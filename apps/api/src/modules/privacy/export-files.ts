import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { certificates, creditNotes, taxInvoices, users } from '../../db/schema.js';
import type { Storage } from '../../lib/storage.js';

/** Documents other modules make (wired in app.ts through their index), asked for by the export's job. */
export interface ExportDocuments {
  /** A certificate's stored PDF, made and stored on first need. */
  certificatePdf(certificate: typeof certificates.$inferSelect): Promise<Buffer>;
  /** A full tax invoice (TI-…) or credit note (CN-…) of this learner as a PDF. */
  taxDocumentPdf(number: string, userId: string): Promise<Buffer>;
}

/** One of the learner's files: where it goes in the ZIP, and how to read it (undefined when it is gone). */
export interface ExportFile {
  name: string;
  open(): Promise<Buffer | Readable | undefined>;
}

const PROFILE_PHOTO = /^\/api\/media\/profile\/([0-9a-f-]{36}-[A-Za-z0-9_-]{12}\.(png|jpg|webp))$/;

/** The learner's files: the profile photo, certificate PDFs, tax invoice and credit note PDFs. */
export async function learnerFiles(
  db: Db,
  storage: Storage,
  documents: ExportDocuments,
  userId: string,
): Promise<ExportFile[]> {
  const files: ExportFile[] = [];
  const [user] = await db.select({ image: users.profileImage }).from(users).where(eq(users.id, userId));
  const photo = user?.image ? PROFILE_PHOTO.exec(user.image) : null;
  if (photo) {
    const key = `profile/${photo[1]}`;
    files.push({
      name: `files/photo.${photo[2]}`,
      open: async () => ((await storage.stat(key)) ? storage.read(key) : undefined),
    });
  }
  for (const cert of await db.select().from(certificates).where(eq(certificates.userId, userId))) {
    files.push({ name: `files/certificates/${cert.code}.pdf`, open: () => documents.certificatePdf(cert) });
  }
  const invoices = await db
    .select({ number: taxInvoices.number })
    .from(taxInvoices)
    .where(eq(taxInvoices.userId, userId));
  const notes = await db
    .select({ number: creditNotes.number })
    .from(creditNotes)
    .where(eq(creditNotes.userId, userId));
  for (const { number } of [...invoices, ...notes]) {
    files.push({
      name: `files/tax-documents/${number}.pdf`,
      open: () => documents.taxDocumentPdf(number, userId),
    });
  }
  return files;
}
