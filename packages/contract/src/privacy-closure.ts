// Privacy (PDPA): schemas of the closure part (endpoints/privacy.ts).
export {};
