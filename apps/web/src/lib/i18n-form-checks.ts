/**
 * What a form says at a field it refused before sending (components/ui/Form.tsx): the field's name, then
 * what is wrong with it, in place of the browser's English bubble. Spread into i18n-strings.ts.
 */
export const th = {
  'form.unnamed': 'ช่องนี้',
  'form.fill': 'กรุณากรอก{name}',
  'form.choose': 'กรุณาเลือก{name}',
  'form.tooShort': '{name} ต้องมีอย่างน้อย {n} ตัวอักษร',
  'form.number': 'กรุณากรอก{name}เป็นตัวเลข',
  'form.whole': '{name} ต้องเป็นจำนวนเต็ม',
  'form.min': '{name} ต้องไม่น้อยกว่า {min}',
  'form.max': '{name} ต้องไม่เกิน {max}',
  'form.notBefore': '{name} ต้องไม่ก่อน {min}',
  'form.notAfter': '{name} ต้องไม่หลัง {max}',
  'form.email': 'รูปแบบ{name}ไม่ถูกต้อง กรุณากรอกอีเมล เช่น name@example.com',
  'form.format': 'รูปแบบ{name}ไม่ถูกต้อง',
};
export const en: Record<keyof typeof th, string> = {
  'form.unnamed': 'This field',
  'form.fill': '{name} is required',
  'form.choose': '{name}: please choose one',
  'form.tooShort': '{name} needs at least {n, plural, one {# character} other {# characters}}',
  'form.number': '{name} must be a number',
  'form.whole': '{name} must be a whole number',
  'form.min': '{name} must be at least {min}',
  'form.max': '{name} must be at most {max}',
  'form.notBefore': '{name} cannot be before {min}',
  'form.notAfter': '{name} cannot be after {max}',
  'form.email': '{name} is not an e-mail address (like name@example.com)',
  'form.format': '{name} is not in the expected form',
};
