'use strict';

// Demo marketing content (development only), Thai first. `image` names a file of seed-assets/ (or one per
// language: `{ th, en }`).

const headerScript = {
  html: '<meta name="rianroo-cms" content="ok">\n' + '<script>window.__rianrooHeadScript = true;</script>',
};

const announcementBar = {
  th: {
    enabled: true,
    message: 'ทดลองเรียนฟรี 7 วัน ทุกคอร์ส ยกเลิกได้ทุกเมื่อ',
    link: '/free-trial',
    linkLabel: 'ดูรายละเอียด',
    // Visitors and learners without a plan; never a subscriber.
    audience: 'non_subscribers',
  },
  en: {
    enabled: true,
    message: 'Try every course free for 7 days; cancel any time',
    link: '/free-trial',
    linkLabel: 'Learn more',
    audience: 'non_subscribers',
  },
};

const annualPromotion = {
  image: 'annual-promotion.png',
  th: {
    title: 'เรียนได้ทุกคอร์สตลอดปี',
    body: 'แพ็กเกจรายปีให้คุณเรียนทุกคอร์สได้ไม่จำกัด พร้อมใบประกาศนียบัตรเมื่อเรียนจบ',
    priceText: '2,990 บาท/ปี (เฉลี่ย 249 บาท/เดือน)',
    checkoutUrl: '/checkout/annual',
    audience: 'everyone',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
  },
  en: {
    title: 'Every course, all year',
    body: 'The annual plan gives you unlimited access to every course, with a certificate when you finish.',
    priceText: 'THB 2,990 a year (about THB 249 a month)',
    checkoutUrl: '/checkout/annual',
    audience: 'everyone',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
  },
};

const libraryBanners = [
  {
    // Each language's banner carries its own words (drawn by scripts/draw-banners.mjs).
    image: { th: 'library-banner-1-th.png', en: 'library-banner-1-en.png' },
    th: { alt: 'คอร์สใหม่ประจำเดือน', link: '/courses', order: 1 },
    en: { alt: 'New courses this month', link: '/courses', order: 1 },
  },
  {
    image: { th: 'library-banner-2-th.png', en: 'library-banner-2-en.png' },
    th: { alt: 'เรียนต่อเนื่องรับใบประกาศนียบัตร', link: '/library', order: 2 },
    en: { alt: 'Keep learning and earn a certificate', link: '/library', order: 2 },
    // Published as above; the editor's unpublished change must never be served.
    draftChange: { th: { alt: 'ฉบับร่าง: ยังไม่เผยแพร่' }, en: { alt: 'DRAFT: not published yet' } },
  },
  {
    image: { th: 'library-banner-1-th.png', en: 'library-banner-1-en.png' },
    th: { alt: 'ฉบับร่าง: แบนเนอร์ที่ยังไม่เผยแพร่', link: '/draft', order: 0 },
    en: { alt: 'DRAFT: a banner never published', link: '/draft', order: 0 },
    draftOnly: true,
  },
];

const freeTrial = {
  image: 'free-trial.png',
  th: {
    title: 'ทดลองเรียนฟรี 7 วัน',
    body: 'เรียนได้ทุกคอร์สฟรี 7 วัน ยกเลิกได้ทุกเมื่อ',
    checkoutUrl: '/checkout/trial',
    cta: 'เริ่มทดลองเรียน',
  },
  en: {
    title: 'Try it free for 7 days',
    body: 'Every course free for 7 days. Cancel at any time.',
    checkoutUrl: '/checkout/trial',
    cta: 'Start the free trial',
  },
};

const renewal = {
  image: 'renewal.png',
  th: {
    title: 'ต่ออายุสมาชิกของคุณ',
    body: 'แพ็กเกจของคุณใกล้หมดอายุแล้ว ต่ออายุวันนี้เพื่อเรียนต่อได้ไม่สะดุด',
    checkoutUrl: '/checkout/annual',
    cta: 'ต่ออายุเลย',
  },
  en: {
    title: 'Renew your membership',
    body: 'Your plan ends soon. Renew today and keep learning without a break.',
    checkoutUrl: '/checkout/annual',
    cta: 'Renew now',
  },
};

module.exports = { headerScript, announcementBar, annualPromotion, libraryBanners, freeTrial, renewal };
