// Privacy (PDPA): schemas of the export part (endpoints/privacy.ts): "download my data".
import { z } from 'zod';
import { uuid } from './common.js';

/** How long a ready ZIP may be downloaded; the expiry job deletes it afterwards. */
export const DATA_EXPORT_DAYS = 7;
export const DATA_EXPORT_TYPE = 'application/zip';

/** pending: the job is building it; ready: downloadable until `expiresAt`; failed; expired: the file is gone. */
export const dataExportStatus = z.enum(['pending', 'ready', 'failed', 'expired']);
export type DataExportStatus = z.infer<typeof dataExportStatus>;

/** One of my data exports (times in ISO 8601, UTC). */
export const dataExport = z.object({
  id: uuid,
  status: dataExportStatus,
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExport>;

/** `GET /users/data-export`: my latest export, or null when I never asked for one. */
export const latestDataExport = z.object({ export: dataExport.nullable() });
export type LatestDataExport = z.infer<typeof latestDataExport>;

export const dataExportParams = z.object({ id: uuid });

/** The ZIP's file name: `rianroo-data-<yyyy-mm-dd>.zip` (the day it was ready, UTC). */
export const dataExportFilename = (readyAt: string) => `rianroo-data-${readyAt.slice(0, 10)}.zip`;
