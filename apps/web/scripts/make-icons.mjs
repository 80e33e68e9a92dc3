// `node apps/web/scripts/make-icons.mjs`: draws the installed app's PNG icons (public/icons/, committed; run again
// only when the logo changes) from the site's logo, public/favicon.svg, in Chromium (the browser tests' own).
//   icon-192.png, icon-512.png   the logo as it is (rounded square, transparent corners): purpose "any"
//   icon-maskable-512.png        full-bleed teal, the mark inside the central 80% safe zone: purpose "maskable"
//   apple-touch-icon.png (180)   full-bleed too: iOS rounds the corners itself and draws transparency as black
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(web, 'public', 'icons');
const logo = readFileSync(path.join(web, 'public', 'favicon.svg'), 'utf8');
// The same logo without its rounded corners: the platform masks it (a circle, a squircle) or rounds it itself.
// The mark stays well inside the central 80% that every mask keeps (its farthest point is 36% of the side from
// the centre, the safe zone's edge 40%).
const fullBleed = logo.replace(/ rx="[^"]*"/, '');
if (fullBleed === logo) throw new Error('favicon.svg: its rounded square (rx) was not found');

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || undefined,
  args: ['--no-sandbox'],
});
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const body = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${body}`,
    );
    await page.screenshot({ path: path.join(out, file), omitBackground: true });
    await page.close();
    console.log(`public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
