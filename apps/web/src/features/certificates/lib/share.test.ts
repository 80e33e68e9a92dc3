import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText, linkedInAddUrl, verifyUrlOf } from './share';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('share', () => {
  it('builds the verification address on the given origin', () => {
    expect(verifyUrlOf('ABCD2345EFGH', 'https://rianroo.example')).toBe(
      'https://rianroo.example/certificates/ABCD2345EFGH',
    );
  });

  it('encodes a Thai course title and the verification link into the LinkedIn address', () => {
    const url = new URL(
      linkedInAddUrl(
        { code: 'ABCD2345EFGH', courseTitle: 'ภาษี & ฟรีแลนซ์', issuedAt: '2025-12-10T05:00:00Z' },
        'https://rianroo.example/certificates/ABCD2345EFGH',
      ),
    );
    expect(url.searchParams.get('name')).toBe('ภาษี & ฟรีแลนซ์');
    expect(url.searchParams.get('issueYear')).toBe('2025');
    expect(url.searchParams.get('issueMonth')).toBe('12');
    expect(url.searchParams.get('certUrl')).toBe('https://rianroo.example/certificates/ABCD2345EFGH');
  });

  it('falls back to execCommand when the Clipboard API refuses, and leaves no text area behind', async () => {
    const writeText = vi.fn(async () => Promise.reject(new Error('denied')));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    document.execCommand = vi.fn(() => true);
    expect(await copyText('https://x/certificates/A')).toBe(true);
    expect(document.execCommand).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });
});
