// Types of scripts/cms.mjs for the TypeScript callers (e2e/server.ts).
export const cmsDir: string;
export function ensureCmsInstall(): void;
export function ensureCmsAdminBuild(): void;
export function ensureCms(options?: { build?: boolean }): boolean;
