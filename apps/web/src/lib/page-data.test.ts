import { afterEach, describe, expect, it } from 'vitest';
import { resetPageData, takePageData } from './page-data';

const put = (text: string) => {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'page-data';
  el.textContent = text;
  document.body.appendChild(el);
};

afterEach(() => {
  document.getElementById('page-data')?.remove();
  resetPageData();
});

describe('answers the server put in the page', () => {
  it('are handed out once each, by their API address', () => {
    put(JSON.stringify({ '/courses?': { total: 1 }, '/courses?level=beginner': { total: 0 } }));
    expect(takePageData('/courses?level=beginner')).toEqual({ total: 0 });
    expect(takePageData('/courses?')).toEqual({ total: 1 });
    // Taken: later queries ask the API, never an old answer.
    expect(takePageData('/courses?')).toBeUndefined();
    expect(takePageData('/courses?q=x')).toBeUndefined();
  });

  it('a page without data, or with data that does not parse, gives nothing', () => {
    expect(takePageData('/courses?')).toBeUndefined();
    resetPageData();
    put('{not json');
    expect(takePageData('/courses?')).toBeUndefined();
  });
});
