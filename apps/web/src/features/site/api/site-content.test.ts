import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseAnnouncement } from './announcement-bar';
import { parseHeaderScript } from './header-script';

const source = { contentUrl: '/cms', contentToken: 't' };
let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('header-script', () => {
  it('reads the head HTML', () => {
    expect(parseHeaderScript({ data: { html: '<script>x()</script>' } }, source)).toBe(
      '<script>x()</script>',
    );
  });
  it('has nothing for null data, empty HTML, a failed call, or a wrong shape (logged)', () => {
    expect(parseHeaderScript({ data: null }, source)).toBeNull();
    expect(parseHeaderScript({ data: { html: '  ' } }, source)).toBeNull();
    expect(parseHeaderScript({ data: { html: 7 } }, source)).toBeNull();
    expect(parseHeaderScript(null, source)).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    expect(parseHeaderScript({ html: '<script></script>' }, source)).toBeNull();
    expect(parseHeaderScript('<script></script>', source)).toBeNull();
    expect(errors).toHaveBeenCalledTimes(2);
  });
});

describe('announcement-bar', () => {
  it('is shown when enabled with a message, with its link', () => {
    expect(
      parseAnnouncement(
        {
          data: {
            enabled: true,
            message: ' ลด 50% ',
            link: '/free-trial',
            linkLabel: 'ทดลองฟรี',
            audience: 'non_subscribers',
            id: 3,
          },
        },
        source,
      ),
    ).toEqual({ message: 'ลด 50%', link: '/free-trial', linkLabel: 'ทดลองฟรี', audience: 'non_subscribers' });
  });
  it('missing or odd fields read as absent', () => {
    expect(parseAnnouncement({ data: { enabled: true, message: 'ข่าว', link: 5 } }, source)).toEqual({
      message: 'ข่าว',
      link: null,
      linkLabel: null,
      audience: 'everyone',
    });
    // An audience this app does not know is everyone's.
    expect(
      parseAnnouncement({ data: { enabled: true, message: 'ข่าว', audience: 'martians' } }, source)?.audience,
    ).toBe('everyone');
  });
  it('is not shown when disabled, without a message, or when enabled is not a boolean', () => {
    expect(parseAnnouncement({ data: { enabled: false, message: 'ข่าว' } }, source)).toBeNull();
    expect(parseAnnouncement({ data: { enabled: true, message: '' } }, source)).toBeNull();
    expect(parseAnnouncement({ data: { enabled: true } }, source)).toBeNull();
    expect(parseAnnouncement({ data: { enabled: 'yes', message: 'ข่าว' } }, source)).toBeNull();
    expect(parseAnnouncement({ data: null }, source)).toBeNull();
  });
});
