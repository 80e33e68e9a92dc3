/** Strings of courses an organisation assigned to the learner (library); spread into i18n-strings.ts. */
export const th = {
  'assigned.by': 'มอบหมายโดย {org}',
  'assigned.due': 'กำหนดส่ง {date}',
  'assigned.overdue': 'เลยกำหนด {date}',
  'assigned.start': 'เริ่มเรียน',
};
export const en: Record<keyof typeof th, string> = {
  'assigned.by': 'Assigned by {org}',
  'assigned.due': 'Due {date}',
  'assigned.overdue': 'Overdue since {date}',
  'assigned.start': 'Start',
};
