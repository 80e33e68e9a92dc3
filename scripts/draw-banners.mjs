// Draws the demo library banners (apps/cms/seed-assets/library-banner-*-{th,en}.png): each carries its
// message in its own language, as an editor's real banner would. Run once after changing the words:
//   node scripts/draw-banners.mjs   (needs Chromium and a Thai font, e.g. apt-get install fonts-thai-tlwg)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'cms', 'seed-assets');

const banners = [
  {
    name: 'library-banner-1',
    colors: ['#0f766e', '#14b8a6'],
    th: { title: 'คอร์สใหม่ประจำเดือน', line: 'ทักษะใหม่ที่ใช้ได้จริง เรียนได้ทุกที่ ทุกเวลา', cta: 'ดูคอร์สทั้งหมด' },
    en: {
      title: 'New courses this month',
      line: 'Practical new skills, wherever and whenever you learn',
      cta: 'See all courses',
    },
  },
  {
    name: 'library-banner-2',
    colors: ['#1e3a8a', '#3b82f6'],
    th: {
      title: 'เรียนต่อเนื่อง รับใบประกาศนียบัตร',
      line: 'เรียนจบทุกตอน ทำแบบทดสอบผ่าน รับใบประกาศฯ ทันที',
      cta: 'เรียนต่อจากที่ค้างไว้',
    },
    en: {
      title: 'Keep learning, earn a certificate',
      line: 'Finish every episode, pass the test, get your certificate',
      cta: 'Pick up where you left off',
    },
  },
];

const page = (b, words, lang) => `<!doctype html><html lang="${lang}"><meta charset="utf-8"><style>
  html,body{margin:0}
  body{width:1280px;height:320px;overflow:hidden;font-family:Loma,Garuda,'Tlwg Typo',sans-serif;color:#fff;
    background:linear-gradient(120deg,${b.colors[0]},${b.colors[1]});position:relative}
  .ring{position:absolute;border-radius:50%;border:28px solid rgba(255,255,255,.14)}
  main{position:absolute;left:88px;top:50px;right:200px}
  h1{margin:0;font-size:58px;line-height:1.2;font-weight:700;white-space:nowrap}
  p{margin:12px 0 0;font-size:29px;opacity:.95;white-space:nowrap}
  span{display:inline-block;margin-top:24px;padding:10px 28px;border-radius:999px;background:#fff;color:${b.colors[0]};font-size:26px;font-weight:700}
</style><body><div class="ring" style="width:380px;height:380px;right:-60px;top:-120px"></div>
<div class="ring" style="width:220px;height:220px;right:180px;bottom:-130px"></div>
<main><h1>${words.title}</h1><p>${words.line}</p><span>${words.cta} →</span></main></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const tab = await browser.newPage({ viewport: { width: 1280, height: 320 } });
for (const b of banners) {
  for (const lang of ['th', 'en']) {
    await tab.setContent(page(b, b[lang], lang));
    await tab.screenshot({ path: path.join(out, `${b.name}-${lang}.png`) });
  }
}
await browser.close();
