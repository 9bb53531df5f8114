import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CircleCheck, Network } from '@/components/icons';
import { toast } from '@/lib/toast';
import { type Answer, fakeApi, renderPage } from '@/test/render-page';
import { aPlainStoreInfo, aStoreInfo, DEMO_STORE_WORDS } from '@/test/store-info';
import { expectVisibleText } from '@/test/visible';
import { highlightIcon } from '../components/Highlights';
import { NEWSLETTER_CONSENT } from '../components/NewsletterSignup';
import HomePage from './HomePage';

afterEach(() => vi.unstubAllGlobals());

const noProducts = () => [200, { data: [], count: 0 }] as [number, unknown];
const metaDescription = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('the home page', () => {
  it("shows the store's own heading, description, highlights, newsletter heading and category cards", async () => {
    fakeApi({ 'GET /storeInfo': () => [200, aStoreInfo()], 'GET /products': noProducts });
    renderPage(<HomePage />, { path: '/' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Wired for work. Built for India.' })).toBeVisible();
    expect(screen.getByText('NetKart')).toBeVisible();
    expect(screen.getByText('Dependable networking and laptop accessories across India.')).toBeVisible();

    const highlights = screen.getByRole('region', { name: 'Everything your desk needs' });
    expect(within(highlights).getAllByRole('listitem')).toHaveLength(4);
    expect(within(highlights).getByText('Gigabit to 10GbE for laptops without a port.')).toBeVisible();
    expect(within(highlights).getByRole('link', { name: 'Explore Products' })).toHaveAttribute('href', '/products');

    expect(screen.getByRole('region', { name: 'Deals and new arrivals, once a week' })).toBeVisible();
    const categories = screen.getByRole('region', { name: 'Shop by Category' });
    // A card for every one of the store's categories, not only the first three.
    expect(
      within(categories)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'))
        .filter((href) => href?.startsWith('/products?category=')),
    ).toEqual([
      '/products?category=lan%20adapters',
      '/products?category=laptop%20accessories',
      '/products?category=usb%20hubs',
      '/products?category=storage',
    ]);
    // Each card's picture comes in phone-sized copies; the first, the page's largest, is fetched first.
    const firstPicture = within(categories).getAllByRole('link')[1]?.querySelector('picture');
    expect(firstPicture?.querySelector('source[type="image/webp"]')?.getAttribute('srcset')).toMatch(
      /^\/pictures\/320\/categories\/default\.svg\.webp 320w, .*\/pictures\/1280\/categories\/default\.svg\.webp 1200w$/,
    );
    expect(firstPicture?.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows nothing of another shop on a store that wrote no texts and has no categories', async () => {
    fakeApi({ 'GET /storeInfo': () => [200, aPlainStoreInfo()], 'GET /products': noProducts });
    renderPage(<HomePage />, { path: '/' });

    // Without a heading of its own, the store's name is the heading.
    expect(await screen.findByRole('heading', { level: 1, name: 'Chai Tech' })).toBeVisible();
    for (const words of DEMO_STORE_WORDS) expect(screen.queryByText(words)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Shop by Category' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Explore Products/ })).toBeNull();
    // The newsletter sign-up stays (the spec's), without a heading.
    const newsletter = screen.getByRole('region', { name: 'Newsletter' });
    expect(within(newsletter).queryByRole('heading')).toBeNull();
    expect(within(newsletter).getByRole('button', { name: 'Subscribe' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Featured Products',
    ]);
  });

  it('says no brand at all before the store info has arrived', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderPage(<HomePage />, { path: '/' });
    for (const words of DEMO_STORE_WORDS) expect(screen.queryByText(words)).toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it("titles the browser tab with the store's name and describes the page in its words", async () => {
    fakeApi({ 'GET /storeInfo': () => [200, aStoreInfo()], 'GET /products': noProducts });
    const { unmount } = renderPage(<HomePage />, { path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Wired for work. Built for India.' });
    expect(document.title).toBe('NetKart');
    expect(metaDescription()).toBe(
      'Tech accessories for India: LAN adapters, laptop accessories, USB hubs, docking stations and storage.',
    );
    unmount();

    fakeApi({ 'GET /storeInfo': () => [200, aPlainStoreInfo()], 'GET /products': noProducts });
    renderPage(<HomePage />, { path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Chai Tech' });
    expect(document.title).toBe('Chai Tech');
    expect(metaDescription()).toBeUndefined();
  });
});

describe('the newsletter sign-up', () => {
  const THANKS = 'Thank you for subscribing to our newsletter.';
  // Sonner shows a new page the toasts still open: each test starts with none.
  afterEach(() => {
    toast.dismiss();
  });

  /** The home page with the server's answer to the sign-up held back until `answer` is called. */
  async function homeWithSignUp(answerWith: (() => Answer) | 'unreachable') {
    const calls = fakeApi({
      'GET /storeInfo': () => [200, aStoreInfo()],
      'GET /products': noProducts,
      ...(answerWith === 'unreachable' ? {} : { 'POST /newsletter': answerWith }),
    });
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fake = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method !== 'POST') return fake(input, init);
      await answered;
      if (answerWith === 'unreachable') throw new TypeError('Failed to fetch');
      return fake(input, init);
    });
    renderPage(<HomePage />, { path: '/' });
    const newsletter = await screen.findByRole('region', { name: 'Deals and new arrivals, once a week' });
    const field = within(newsletter).getByLabelText('Email address');
    await userEvent.type(field, 'asha.rao@example.in');
    await userEvent.click(within(newsletter).getByRole('button', { name: 'Subscribe' }));
    return { calls, newsletter, field, answer };
  }

  it('sends the address with the notice shown under the field, and thanks the shopper only once the server answered 201', async () => {
    const signUp = await homeWithSignUp(() => [201, { message: THANKS }]);
    // The notice is under the field, and describes it for screen readers too.
    expect(within(signUp.newsletter).getByText(NEWSLETTER_CONSENT)).toBeVisible();
    expect(signUp.field).toHaveAccessibleDescription(NEWSLETTER_CONSENT);

    // While sending: the button is disabled, and nothing is claimed yet.
    expect(within(signUp.newsletter).getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    expect(screen.queryByText('Subscribed!')).toBeNull();

    signUp.answer();
    await expectVisibleText('Subscribed!');
    expect(screen.getByText(THANKS)).toBeVisible();
    expect(signUp.field).toHaveValue('');
    expect(within(signUp.newsletter).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    // What the shop records is word for word what the shopper saw.
    const shown = document.getElementById('newsletter-consent')?.textContent;
    expect(signUp.calls.filter((call) => call.route === 'POST /newsletter').map((call) => call.body)).toEqual([
      { email: 'asha.rao@example.in', consentText: shown },
    ]);
  });

  it.each([
    [429, 'Too many newsletter sign-ups from this network. Please try again in 60 minute(s).'],
    [400, 'Invalid email address'],
  ])("shows the server's refusal (%i) and keeps the address in the field", async (status, error) => {
    const signUp = await homeWithSignUp(() => [status, { error, field: 'email' }]);
    signUp.answer();
    await expectVisibleText('Could not subscribe');
    expect(screen.getByText(error)).toBeVisible();
    expect(screen.queryByText('Subscribed!')).toBeNull();
    expect(signUp.field).toHaveValue('asha.rao@example.in');
    expect(within(signUp.newsletter).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('says so when the server cannot be reached, and keeps the address', async () => {
    const signUp = await homeWithSignUp('unreachable');
    signUp.answer();
    await expectVisibleText('No response from server. Please try again later.');
    expect(screen.queryByText('Subscribed!')).toBeNull();
    expect(signUp.field).toHaveValue('asha.rao@example.in');
    expect(within(signUp.newsletter).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });
});

describe('highlight icons', () => {
  it('draws a known name with its own picture, and any other name (or none) with a plain one', () => {
    expect(highlightIcon('network')).toBe(Network);
    for (const name of ['rocket', 'constructor', '', undefined]) expect(highlightIcon(name)).toBe(CircleCheck);
  });
});
