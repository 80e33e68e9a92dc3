/**
 * Strings of what a visitor sees before buying (issue 33): the pricing link, a course's price words and rating,
 * the catalogue's order and the home page's plans; Thai first, spread into i18n-strings.ts. The server draws the
 * same Thai words into its pages (apps/api modules/courses/page-words.ts): change both together.
 */
export const th = {
  'nav.pricing': 'ราคา',
  'price.free': 'ฟรี',
  'price.members': 'สำหรับสมาชิก',
  'price.membersFrom': 'สำหรับสมาชิก · เริ่มต้น {price}/เดือน',
  'price.included': 'รวมอยู่ในสมาชิกของคุณ',
  // {shown}: the count as written in the language (1,234); {count}: the number, for the plural's words.
  'rating.text': '{average} จาก 5 ({shown} คะแนน)',
  'catalog.sort': 'เรียงตาม',
  'catalog.sort.newest': 'ใหม่ล่าสุด',
  'catalog.sort.rating': 'คะแนนสูงสุด',
  'home.plans.title': 'แพ็กเกจสมาชิก',
  'home.plans.lead': 'เรียนได้ทุกคอร์ส ทุกตอน ราคารวมภาษีมูลค่าเพิ่มแล้ว',
  'home.plans.all': 'ดูรายละเอียดแพ็กเกจทั้งหมด',
  'home.plans.error': 'โหลดราคาแพ็กเกจไม่สำเร็จ',
};

export const en: Record<keyof typeof th, string> = {
  'nav.pricing': 'Pricing',
  'price.free': 'Free',
  'price.members': 'For members',
  'price.membersFrom': 'For members · from {price}/month',
  'price.included': 'Included in your membership',
  'rating.text': '{average} out of 5 ({shown} {count, plural, one {rating} other {ratings}})',
  'catalog.sort': 'Sort by',
  'catalog.sort.newest': 'Newest',
  'catalog.sort.rating': 'Highest rated',
  'home.plans.title': 'Membership plans',
  'home.plans.lead': 'Every course, every episode. Prices include VAT.',
  'home.plans.all': 'See all the plans',
  'home.plans.error': 'The plans could not be loaded.',
};
