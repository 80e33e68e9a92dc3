// Privacy (PDPA): schemas of the terms part (endpoints/privacy.ts).
export {};
