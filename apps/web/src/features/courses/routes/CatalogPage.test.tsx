import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageFallback, ServedPageLifetime } from '../../../components/PageFallback';
import { keepServedPage } from '../../../lib/page-data';
import { courseFixture, planFixture, stubContentService, withApp } from '../../../test-content';
import CatalogPage from './CatalogPage';

/**
 * The catalogue as the server drew it (apps/api catalog-page.ts), its search form as the learner left it
 * before the app's scripts arrived: words typed, a level chosen, the focus in the search box.
 */
function servedCatalogue({ typed, level }: { typed: string; level: string }) {
  document.body.innerHTML = `<div id="root"><main id="boot-page"><div class="boot-page"><h1>คอร์สทั้งหมด</h1>
    <form role="search" action="/courses" method="get"><input type="search" name="q" value="">
    <select name="level"><option value="">ทุกระดับ</option><option value="beginner">เริ่มต้น</option></select></form>
    <ul><li><a href="/courses/served">ที่เซิร์ฟเวอร์วาด</a></li></ul></div></main></div>`;
  const box = document.querySelector<HTMLInputElement>('input[name="q"]')!;
  box.value = typed;
  document.querySelector<HTMLSelectElement>('select[name="level"]')!.value = level;
  box.focus();
  keepServedPage();
  // The app draws into #root, replacing what the server put there.
  document.getElementById('root')!.replaceChildren();
  return box;
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe("the server's catalogue, while the app starts (issue 14: usable before any script)", () => {
  it('stays on screen as the very page the learner was using: the typed words and the focus survive', () => {
    const box = servedCatalogue({ typed: 'หุ้น', level: '' });
    const host = document.createElement('div');
    document.body.appendChild(host);
    render(<PageFallback label="กำลังโหลด" />, { container: host });
    expect(host.querySelector('input[name="q"]')).toBe(box);
    expect(box.value).toBe('หุ้น');
    expect(document.activeElement).toBe(box);
    expect(screen.getByRole('link', { name: 'ที่เซิร์ฟเวอร์วาด' })).toBeTruthy();
  });

  it("the app's catalogue takes over the words typed, the level chosen and the focus, and searches them", async () => {
    servedCatalogue({ typed: 'หุ้น', level: 'beginner' });
    const fetchMock = stubContentService(
      {},
      {
        'courses?': {
          total: 2,
          courses: [
            courseFixture({ id: 'c1', slug: 'a', title: 'ก' }),
            courseFixture({ id: 'c2', slug: 'b', title: 'ข' }),
          ],
        },
        'courses?q=%E0%B8%AB%E0%B8%B8%E0%B9%89%E0%B8%99&level=beginner': { total: 0, courses: [] },
      },
    );
    render(withApp(<CatalogPage />, '/courses'));
    const box = await screen.findByRole<HTMLInputElement>('searchbox');
    expect(box.value).toBe('หุ้น');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.selectionStart).toBe('หุ้น'.length);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'ระดับ' }).value).toBe('beginner');
    // The words and the level are searched, as if the learner had typed them into the app.
    await screen.findByText('ไม่พบคอร์สที่ตรงกับการค้นหา ลองใช้คำอื่นหรือล้างตัวกรอง');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      '/api/courses?q=%E0%B8%AB%E0%B8%B8%E0%B9%89%E0%B8%99&level=beginner',
    );
  });

  it('belongs to the first visit only: back at its address later, the catalogue starts from its own state', async () => {
    servedCatalogue({ typed: 'หุ้น', level: '' });
    stubContentService(
      {},
      {
        'courses?': { total: 0, courses: [] },
        'courses?q=%E0%B8%AB%E0%B8%B8%E0%B9%89%E0%B8%99': { total: 0, courses: [] },
      },
    );
    render(
      withApp(
        <>
          <ServedPageLifetime />
          <Routes>
            <Route
              path="/courses"
              element={
                <>
                  <CatalogPage />
                  <Link to="/elsewhere">ไปที่อื่น</Link>
                </>
              }
            />
            <Route path="/elsewhere" element={<Link to="/courses">กลับ</Link>} />
          </Routes>
        </>,
        '/courses',
      ),
    );
    expect((await screen.findByRole<HTMLInputElement>('searchbox')).value).toBe('หุ้น');
    fireEvent.click(screen.getByRole('link', { name: 'ไปที่อื่น' }));
    fireEvent.click(await screen.findByRole('link', { name: 'กลับ' }));
    // (The window's address is the same all along here: only the app's navigation tells the visits apart.)
    expect((await screen.findByRole<HTMLInputElement>('searchbox')).value).toBe('');
    expect(document.activeElement).not.toBe(screen.getByRole('searchbox'));
  });

  it('a page the server did not draw leaves the search box empty and the focus alone', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    keepServedPage();
    stubContentService({}, { 'courses?': { total: 0, courses: [] } });
    render(withApp(<CatalogPage />, '/courses'));
    const box = await screen.findByRole<HTMLInputElement>('searchbox');
    expect(box.value).toBe('');
    expect(document.activeElement).not.toBe(box);
    render(<PageFallback label="กำลังโหลด" />);
    expect(screen.getAllByText('กำลังโหลด').length).toBeGreaterThan(0);
  });
});

describe('the catalogue in order of rating (issue 33)', () => {
  it("offers the order, asks for it, keeps it in the address and the pager, and shows each card's rating and price", async () => {
    document.body.innerHTML = '';
    keepServedPage();
    const rated = courseFixture({ id: 'c1', slug: 'a', title: 'ดีที่สุด', rating: { average: 4.8, count: 12 } });
    const fetchMock = stubContentService(
      {},
      {
        courses: { total: 1, courses: [courseFixture({ id: 'c2', slug: 'b', title: 'ใหม่สุด' })] },
        'courses?sort=rating': { total: 45, courses: [rated] },
        plans: [planFixture('monthly')],
      },
    );
    render(withApp(<CatalogPage />, '/courses'));
    await screen.findAllByText('ใหม่สุด');
    const order = screen.getByRole<HTMLSelectElement>('combobox', { name: 'เรียงตาม' });
    expect(order.value).toBe('newest');
    expect([...order.options].map((o) => o.text)).toEqual(['ใหม่ล่าสุด', 'คะแนนสูงสุด']);
    fireEvent.change(order, { target: { value: 'rating' } });
    await screen.findAllByText('ดีที่สุด');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/courses?sort=rating');
    expect(screen.getByText('4.8 จาก 5 (12 คะแนน)')).toBeTruthy();
    expect(await screen.findByText('สำหรับสมาชิก · เริ่มต้น ฿299/เดือน')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ถัดไป →' }).getAttribute('href')).toBe(
      '/courses?sort=rating&page=2',
    );
  });

  it("takes over an order chosen on the server's page before the app came", async () => {
    document.body.innerHTML = `<div id="root"><main id="boot-page"><div class="boot-page"><form role="search">
      <input type="search" name="q" value=""><select name="sort"><option value="newest">ใหม่ล่าสุด</option>
      <option value="rating">คะแนนสูงสุด</option></select></form></div></main></div>`;
    document.querySelector<HTMLSelectElement>('select[name="sort"]')!.value = 'rating';
    keepServedPage();
    document.getElementById('root')!.replaceChildren();
    const fetchMock = stubContentService(
      {},
      { courses: { total: 0, courses: [] }, 'courses?sort=rating': { total: 0, courses: [] } },
    );
    render(withApp(<CatalogPage />, '/courses'));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/courses?sort=rating'),
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'เรียงตาม' }).value).toBe('rating');
  });
});

describe('the catalogue in pages', () => {
  it('a list longer than a page links its neighbours with the filter; other words start from the first page', async () => {
    document.body.innerHTML = '';
    keepServedPage();
    const fetchMock = stubContentService(
      {},
      {
        'courses?q=x&offset=20': {
          total: 45,
          courses: [courseFixture({ id: 'c21', slug: 'p2', title: 'ที่ยี่สิบเอ็ด' })],
        },
        'courses?q=xy': { total: 1, courses: [courseFixture({ id: 'c1', slug: 'a', title: 'ก' })] },
      },
    );
    render(withApp(<CatalogPage />, '/courses?q=x&page=2'));
    await screen.findAllByText('ที่ยี่สิบเอ็ด');
    const pages = screen.getByRole('navigation', { name: 'หน้าของรายการคอร์ส' });
    expect(pages.textContent).toContain('หน้า 2 จาก 3');
    expect(screen.getByRole('link', { name: '← ก่อนหน้า' }).getAttribute('href')).toBe('/courses?q=x');
    expect(screen.getByRole('link', { name: 'ถัดไป →' }).getAttribute('href')).toBe('/courses?q=x&page=3');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'xy' } });
    await screen.findAllByText('ก');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/courses?q=xy');
    expect(screen.queryByRole('navigation', { name: 'หน้าของรายการคอร์ส' })).toBeNull();
  });

  it('a pasted search longer than the API takes is searched by its beginning, not answered with an error', async () => {
    document.body.innerHTML = '';
    keepServedPage();
    const long = 'ลงทุน หุ้น มือใหม่ '.repeat(7); // 126 characters
    const asked = long.trim().slice(0, 100).trim();
    // Form-encoded, as a browser's form sends it (a space is `+`).
    const sent = encodeURIComponent(asked).replace(/%20/g, '+');
    const fetchMock = stubContentService(
      {},
      {
        [`courses?q=${sent}`]: {
          total: 1,
          courses: [courseFixture({ id: 'c1', slug: 'a', title: 'ลงทุนหุ้นไทยสำหรับมือใหม่' })],
        },
      },
    );
    render(withApp(<CatalogPage />, `/courses?q=${encodeURIComponent(long)}`));
    await screen.findAllByText('ลงทุนหุ้นไทยสำหรับมือใหม่');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(`/api/courses?q=${sent}`);
    expect((screen.getByRole('searchbox') as HTMLInputElement).maxLength).toBe(100);
  });

  it('a page past the end says so and leads back to the first', async () => {
    document.body.innerHTML = '';
    keepServedPage();
    stubContentService({}, { 'courses?offset=180': { total: 5, courses: [] } });
    render(withApp(<CatalogPage />, '/courses?page=10'));
    await screen.findByText('หน้านี้ไม่มีคอร์สแล้ว');
    expect(screen.getByRole('link', { name: 'กลับไปหน้าแรก' }).getAttribute('href')).toBe('/courses');
    expect(screen.queryByText('ไม่พบคอร์สที่ตรงกับการค้นหา ลองใช้คำอื่นหรือล้างตัวกรอง')).toBeNull();
  });
});
