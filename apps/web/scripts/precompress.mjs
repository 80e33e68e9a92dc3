// After `vite build`: a brotli (.br) and a gzip (.gz) copy of every text file of dist/ worth compressing,
// made once at build time at the highest levels, so the server sends them without compressing per request
// (@fastify/static `preCompressed`). index.html is left alone: the server makes it per request (CSP nonce).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
let before = 0;
let after = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && statSync(file).size >= 1024) {
      const data = readFileSync(file);
      const br = brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      before += data.length;
      after += br.length;
    }
  }
};
walk(dist);
console.log(
  `precompressed: ${(before / 1024).toFixed(0)} KB of text assets, ${(after / 1024).toFixed(0)} KB brotli`,
);
