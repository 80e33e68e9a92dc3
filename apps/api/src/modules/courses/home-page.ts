import type { PageParts } from '../../plugins/web.js';

/**
 * The home page's first screen as the app draws it (apps/web features/home HomePage, in Thai: i18n-strings
 * `app.tagline`, `home.*`, `nav.login`), in the page itself rather than after the app's scripts: on a slow phone
 * connection its heading and lead are the largest things above the fold, and they paint with the HTML (issue 36,
 * largest contentful paint). Its box matches the app's (index.html `.boot-hero`), so that the app's own drawing,
 * when it takes over, is the same size and not a later, larger paint. A learner already signed in sees the app's
 * own way in ("my courses") once the app has started.
 */
const HERO =
  `<div class="boot-page boot-home"><section class="boot-hero"><p>คอร์สวิดีโอออนไลน์ภาษาไทย เรียนได้ทุกที่ ทุกเวลา</p>` +
  `<h1>เรียนรู้ทักษะใหม่ กับผู้สอนตัวจริง</h1>` +
  `<p>คอร์สวิดีโอคุณภาพเป็นภาษาไทย พร้อมแบบทดสอบและใบประกาศนียบัตร เรียนต่อจากจุดที่หยุดไว้ได้ทุกอุปกรณ์</p>` +
  `<div><a class="boot-a" href="/register">เริ่มเรียนฟรี</a><a class="boot-o" href="/login">เข้าสู่ระบบ</a></div>` +
  `</section></div>`;

export function homePage() {
  return (path: string): PageParts | undefined => (path === '/' ? { body: HERO } : undefined);
}
