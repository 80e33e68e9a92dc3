import { describe, expect, it } from 'vitest';
import { PROTECTED_SEGMENTS, isProtectedPath, loginRedirectFor, safeRedirect } from './protected-paths';

describe('protected paths (spec section 2)', () => {
  // Spec section 2, written out: any path containing one of these is protected.
  const SPEC_SEGMENTS = [
    '/library',
    '/account',
    '/product',
    '/summary-document',
    '/communication-page',
    '/guard-contact',
    '/free-trial',
    '/renewal',
  ];

  it("protects exactly the spec's segments", () => {
    expect([...PROTECTED_SEGMENTS].sort()).toEqual([...SPEC_SEGMENTS].sort());
  });

  it.each(SPEC_SEGMENTS)('%s and paths containing it are protected', (segment) => {
    expect(isProtectedPath(segment)).toBe(true);
    expect(isProtectedPath(`${segment}/x/y`)).toBe(true);
    expect(isProtectedPath(`/th${segment}`)).toBe(true);
  });

  it.each(['/', '/login', '/register', '/courses', '/reset-password', '/certificates/ABC'])(
    '%s is public',
    (p) => {
      expect(isProtectedPath(p)).toBe(false);
    },
  );

  it('sends anonymous visitors to /login with the original path and query', () => {
    expect(loginRedirectFor('/library/course-1', '?episode=3')).toBe(
      '/login?redirect=%2Flibrary%2Fcourse-1%3Fepisode%3D3',
    );
    expect(loginRedirectFor('/account')).toBe('/login?redirect=%2Faccount');
  });

  it('sends paths under /free-trial/ to /register instead', () => {
    expect(loginRedirectFor('/free-trial/annual', '?cpc=X')).toBe(
      '/register?redirect=%2Ffree-trial%2Fannual%3Fcpc%3DX',
    );
    expect(loginRedirectFor('/free-trial')).toBe('/login?redirect=%2Ffree-trial');
  });

  it('follows only same-site redirect paths', () => {
    expect(safeRedirect('/library?x=1')).toBe('/library?x=1');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      null,
    ]) {
      expect(safeRedirect(bad)).toBe('/library');
    }
  });
});
