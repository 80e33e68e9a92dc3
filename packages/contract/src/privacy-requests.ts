// Privacy (PDPA): schemas of the requests part (endpoints/privacy.ts).
export {};
