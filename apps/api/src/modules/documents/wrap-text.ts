/**
 * Line breaking for Thai (and mixed Thai/Latin) text. Thai writes words without spaces, so break
 * opportunities come from the word segmenter, and widths from the font that will draw the text.
 */

const words = new Intl.Segmenter('th', { granularity: 'word' });
const graphemes = new Intl.Segmenter('th', { granularity: 'grapheme' });

/** Characters that may not begin a line (Thai repetition and abbreviation marks, closing punctuation). */
const NO_LINE_START = /^[ๆฯ.,;:!?%)\]}»”’…、。]+$/u;
/** Characters that may not end a line (opening punctuation). */
const NO_LINE_END = /^[([{«“‘]+$/u;

/** Word segments of one paragraph, with punctuation glued to the word it belongs to. */
export function breakableTokens(paragraph: string): string[] {
  const tokens: string[] = [];
  let carry = '';
  for (const { segment } of words.segment(paragraph)) {
    if (NO_LINE_END.test(segment)) {
      carry += segment;
      continue;
    }
    const token = carry + segment;
    carry = '';
    if (tokens.length && NO_LINE_START.test(token)) tokens[tokens.length - 1] += token;
    else tokens.push(token);
  }
  if (carry) tokens.push(carry);
  return tokens;
}

/** A token wider than the line is cut between grapheme clusters, never between a letter and its marks. */
function cutToWidth(token: string, maxWidth: number, measure: (s: string) => number): string[] {
  const pieces: string[] = [];
  let line = '';
  for (const { segment } of graphemes.segment(token)) {
    if (line && measure(line + segment) > maxWidth) {
      pieces.push(line);
      line = segment;
    } else line += segment;
  }
  if (line) pieces.push(line);
  return pieces;
}

/**
 * Greedy line filling: as many whole words as fit in `maxWidth` (measured by `measure`, in the same unit)
 * on each line. Newlines start new paragraphs; an empty paragraph is an empty line. Spaces at the ends of
 * lines are dropped.
 */
export function wrapText(text: string, maxWidth: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\v\f\u00a0]/g, ' ')
    .split('\n');
  for (const paragraph of paragraphs) {
    const start = lines.length;
    let line = '';
    for (const token of breakableTokens(paragraph.trim())) {
      const candidate = line + token;
      if (measure(candidate.trimEnd()) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = token.trimStart();
      if (measure(line) > maxWidth) {
        const pieces = cutToWidth(line, maxWidth, measure);
        line = pieces.pop() ?? '';
        lines.push(...pieces);
      }
    }
    if (line.trim() || lines.length === start) lines.push(line.trimEnd());
  }
  return lines;
}
