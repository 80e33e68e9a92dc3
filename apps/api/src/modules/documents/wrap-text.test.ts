import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { clock, measurer } from './summary-pdf.js';
import { breakableTokens, wrapText } from './wrap-text.js';

/** One unit per character that takes room (Thai marks above and below take none). */
const chars = (s: string) => s.replace(/\p{Mn}/gu, '').length;
/** Vowels, tone marks and signs that belong to the letter before them: a line never starts with one. */
const DEPENDENT = /^(\p{Mn}|[\u0e30\u0e32\u0e33\u0e45])/u;

const description =
  'เรียนรู้การลงทุนในตลาดหุ้นไทยตั้งแต่พื้นฐาน ทำความเข้าใจงบการเงินและอัตราส่วนทางการเงินที่สำคัญ' +
  'การประเมินมูลค่าหุ้นและการบริหารความเสี่ยงของพอร์ตการลงทุนสำหรับผู้เริ่มต้น';

describe('wrapText (Thai line breaking)', () => {
  it('breaks Thai text between words, never inside one, and keeps every character', () => {
    const words = new Set(
      [...new Intl.Segmenter('th', { granularity: 'word' }).segment(description)].map((s) => s.segment),
    );
    const lines = wrapText(description, 20, chars);
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) {
      expect(chars(line)).toBeLessThanOrEqual(20);
      expect(line).toBe(line.trim());
      expect(line).not.toMatch(DEPENDENT);
      // Each line is whole words: segmenting it again gives only words of the original text.
      for (const { segment } of new Intl.Segmenter('th', { granularity: 'word' }).segment(line))
        expect(words.has(segment) || segment === ' ').toBe(true);
    }
    expect(lines.join('').replace(/ /g, '')).toBe(description.replace(/ /g, ''));
    expect(lines[0]).toBe('เรียนรู้การลงทุนในตลาดหุ้น');
    expect(lines[1]).toMatch(/^ไทย/);
  });

  it('fills lines measured with the Sarabun font embedded in the document', async () => {
    const dir = path.dirname(
      createRequire(import.meta.url).resolve('@expo-google-fonts/sarabun/package.json'),
    );
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const font = await doc.embedFont(await readFile(path.join(dir, '400Regular/Sarabun_400Regular.ttf')), {
      subset: true,
    });
    const measure = measurer(font, 12);
    const lines = wrapText(description, 200, measure);
    expect(lines.length).toBeGreaterThan(2);
    for (const [i, line] of lines.entries()) {
      expect(measure(line)).toBeLessThanOrEqual(200);
      // Greedy: the next line's first word would not have fitted on this one.
      const next = lines[i + 1];
      if (next) {
        const firstWord = breakableTokens(next)[0]!;
        expect(measure(`${line}${firstWord}`)).toBeGreaterThan(200);
      }
    }
  });

  it('keeps paragraphs and empty lines, and drops spaces at the ends of lines', () => {
    expect(wrapText('สวัสดี\n\nลาก่อน', 100, chars)).toEqual(['สวัสดี', '', 'ลาก่อน']);
    expect(wrapText('  one two  three  ', 7, chars)).toEqual(['one two', 'three']);
    expect(wrapText('', 10, chars)).toEqual(['']);
    expect(wrapText('a\r\nb', 10, chars)).toEqual(['a', 'b']);
  });

  it('cuts a word longer than the line between letters, keeping each letter with its marks', () => {
    const lines = wrapText('https://example.com/a-very-long-address', 10, chars);
    expect(lines.every((l) => chars(l) <= 10)).toBe(true);
    expect(lines.join('')).toBe('https://example.com/a-very-long-address');
    const thai = wrapText('ผู้ที่ไม่เคยลงทุน', 1, chars);
    for (const l of thai) expect(l).not.toMatch(DEPENDENT);
    expect(thai.join('')).toBe('ผู้ที่ไม่เคยลงทุน');
  });

  it('never starts a line with ๆ or closing punctuation, nor ends one with an opening bracket', () => {
    expect(breakableTokens('ค่อยๆ เดิน')).toEqual(['ค่อยๆ', ' ', 'เดิน']);
    expect(breakableTokens('(ทีละขั้น), ok')[0]).toMatch(/^\(ที/);
    expect(breakableTokens('(ทีละขั้น), ok')).toContain('ขั้น),');
    const lines = wrapText('ค่อยๆ เรียน (ทีละขั้น) นะ', 6, chars);
    for (const l of lines) {
      expect(l).not.toMatch(/^[ๆ)]/);
      expect(l).not.toMatch(/\($/);
    }
    expect(lines.join(' ')).toContain('ค่อยๆ');
  });
});

describe('clock', () => {
  it('writes mm:ss, and h:mm:ss from an hour', () => {
    expect(clock(0)).toBe('00:00');
    expect(clock(95)).toBe('01:35');
    expect(clock(3599)).toBe('59:59');
    expect(clock(3600 + 62)).toBe('1:01:02');
  });
});
