import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseFreeTrial } from './free-trial-content';
import { parseRenewal } from './renewal-content';

const source = { contentUrl: 'https://cms.example', contentToken: 't' };
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('free-trial and renewal content', () => {
  it('reads title, body, image, checkout URL and call to action', () => {
    expect(
      parseFreeTrial(
        {
          data: {
            title: 'ทดลองเรียนฟรี 7 วัน',
            body: 'ไม่ต้องใช้บัตร',
            image: { url: '/uploads/trial.png', alternativeText: 'ผู้เรียน', width: 1200, height: 630 },
            checkoutUrl: 'https://pay.example/trial',
            cta: 'เริ่มเลย',
          },
        },
        source,
      ),
    ).toEqual({
      title: 'ทดลองเรียนฟรี 7 วัน',
      body: 'ไม่ต้องใช้บัตร',
      image: {
        src: 'https://cms.example/uploads/trial.png',
        srcSet: undefined,
        alt: 'ผู้เรียน',
        width: 1200,
        height: 630,
      },
      checkoutUrl: 'https://pay.example/trial',
      cta: 'เริ่มเลย',
    });
  });

  it('keeps what there is, and has nothing when every field is empty or the shape is wrong', () => {
    expect(parseRenewal({ data: { checkoutUrl: 'https://pay.example/renew' } }, source)).toEqual({
      title: null,
      body: null,
      image: null,
      checkoutUrl: 'https://pay.example/renew',
      cta: null,
    });
    expect(parseRenewal({ data: { title: '', cta: 'x' } }, source)).toBeNull();
    expect(parseRenewal({ data: 'renewal' }, source)).toBeNull();
    expect(parseRenewal({ data: null }, source)).toBeNull();
  });
});
