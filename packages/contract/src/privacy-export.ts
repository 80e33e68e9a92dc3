// Privacy (PDPA): schemas of the export part (endpoints/privacy.ts).
export {};
