import { type FormEvent, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureEarlyActions } from './early-actions';

let hydrated: Root | undefined;

afterEach(async () => {
  hydrated?.unmount();
  hydrated = undefined;
  // A test that did not make its page interactive leaves no listeners behind for the next one.
  document.documentElement.dataset.interactive = 'true';
  await new Promise((resolve) => setTimeout(resolve, 10));
  delete document.documentElement.dataset.interactive;
  document.body.innerHTML = '';
});

/** A server-rendered page in #root, its early actions captured as the entry script does. */
function page(html: string) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const root = document.getElementById('root') as HTMLElement;
  const earlyActions = captureEarlyActions(() => document.getElementById('root'));
  const unavailable: string[] = [];
  earlyActions.onUnavailable = (name) => unavailable.push(name);
  return { root, unavailable, get: <T extends Element>(selector: string) => root.querySelector(selector) as T };
}

const interactive = () => {
  document.documentElement.dataset.interactive = 'true';
};

/** What a shopper's typing does to a field: its value changes and an input event says so. */
function type(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('actions before the page is interactive', () => {
  it('holds a tap on a button, shows it busy, and does it once the page is interactive', async () => {
    const { get } = page('<div><button type="button">Add to Cart</button></div>');
    const button = get<HTMLButtonElement>('button');
    const taps: string[] = [];
    button.addEventListener('click', () => taps.push('tap'));

    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
    expect(taps).toEqual([]);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('data-waiting');

    interactive();
    await vi.waitFor(() => expect(taps).toEqual(['tap']));
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).not.toHaveAttribute('data-waiting');
  });

  it('listens from the page’s head, before the root and its buttons have arrived', async () => {
    captureEarlyActions(() => document.getElementById('root'));
    document.body.innerHTML = '<div id="root"><button>Search</button></div>';
    const taps = vi.fn();
    document.querySelector('button')?.addEventListener('click', taps);
    document.querySelector('button')?.click();
    expect(taps).not.toHaveBeenCalled();
    interactive();
    await vi.waitFor(() => expect(taps).toHaveBeenCalledTimes(1));
  });

  it('does the taps in the order they were made, each after the page has taken the one before in', async () => {
    const { get } = page('<button id="plus">+</button><button id="add">Add</button>');
    const done: string[] = [];
    for (const id of ['plus', 'add']) get(`#${id}`).addEventListener('click', () => done.push(id));
    get<HTMLButtonElement>('#plus').click();
    get<HTMLButtonElement>('#plus').click();
    get<HTMLButtonElement>('#add').click();
    expect(done).toEqual([]);

    interactive();
    await vi.waitFor(() => expect(done).toEqual(['plus', 'plus', 'add']));
  });

  it('keeps the page’s own aria-busy on a control it marked busy', async () => {
    const { get } = page('<button aria-busy="false">Subscribe</button>');
    get<HTMLButtonElement>('button').click();
    expect(get('button')).toHaveAttribute('aria-busy', 'true');
    interactive();
    await vi.waitFor(() => expect(get('button')).not.toHaveAttribute('data-waiting'));
    expect(get('button')).toHaveAttribute('aria-busy', 'true');
  });

  it('sends a form sent early with what the shopper typed, even when the field was emptied meanwhile', async () => {
    const { get } = page(
      '<form method="post"><input name="email"><input type="checkbox" name="remember"><button type="submit">Sign In</button></form>',
    );
    const form = get<HTMLFormElement>('form');
    const email = get<HTMLInputElement>('input[name=email]');
    const remember = get<HTMLInputElement>('input[name=remember]');
    type(email, 'asha@example.in');
    remember.click();
    const sent: string[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push(`${email.value} ${remember.checked}`);
    });

    get<HTMLButtonElement>('button').click();
    expect(sent).toEqual([]);
    // The app's form library sets its own starting values as it takes the page over.
    email.value = '';
    remember.checked = false;
    interactive();
    await vi.waitFor(() => expect(sent).toEqual(['asha@example.in true']));
  });

  it('sends a form tapped twice while waiting once', async () => {
    const { get } = page('<form method="post"><input name="email"><button type="submit">Subscribe</button></form>');
    const sent = vi.fn((event: Event) => event.preventDefault());
    get('form').addEventListener('submit', sent);
    get<HTMLButtonElement>('button').click();
    get<HTMLButtonElement>('button').click();
    interactive();
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('does not do the taps that follow one that took the shopper to another page', async () => {
    const { get, unavailable } = page('<button id="add">Add to Cart</button><button id="wish">Wishlist</button>');
    const wished = vi.fn();
    get('#add').addEventListener('click', () => history.pushState(null, '', '/cart'));
    get('#wish').addEventListener('click', wished);
    get<HTMLButtonElement>('#add').click();
    get<HTMLButtonElement>('#wish').click();
    interactive();
    await vi.waitFor(() => expect(location.pathname).toBe('/cart'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(wished).not.toHaveBeenCalled();
    expect(unavailable).toEqual([]);
    history.pushState(null, '', '/');
  });

  it('holds a form sent with Enter in a form without a button, and sends it again', async () => {
    const { get } = page('<form method="post"><input name="q"></form>');
    const form = get<HTMLFormElement>('form');
    const sent = vi.fn((event: Event) => event.preventDefault());
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    form.addEventListener('submit', sent);

    interactive();
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
  });

  it('leaves links and forms that work without script to the browser', () => {
    const { get } = page(
      '<a href="/products">Products</a><form action="/products" method="get"><input name="q"><button>Search</button></form>',
    );
    const onLink = new MouseEvent('click', { bubbles: true, cancelable: true });
    get('a').dispatchEvent(onLink);
    expect(onLink.defaultPrevented).toBe(false);
    const search = new Event('submit', { bubbles: true, cancelable: true });
    get('form').dispatchEvent(search);
    expect(search.defaultPrevented).toBe(false);
    const searchButton = new MouseEvent('click', { bubbles: true, cancelable: true });
    get('button').addEventListener('click', (event) => event.preventDefault()); // jsdom would submit
    get('button').dispatchEvent(searchButton);
    expect(get('button')).not.toHaveAttribute('data-waiting');
  });

  it('says so when a held tap can no longer be done (the button is now disabled), and does not do it', async () => {
    const { get, unavailable } = page('<button aria-label="Add to Cart: USB Hub">Add to Cart</button>');
    const taps = vi.fn();
    get('button').addEventListener('click', taps);
    get<HTMLButtonElement>('button').click();
    get<HTMLButtonElement>('button').disabled = true; // sold out meanwhile
    interactive();
    await vi.waitFor(() => expect(unavailable).toEqual(['Add to Cart: USB Hub']));
    expect(taps).not.toHaveBeenCalled();
  });

  it('finds the button again where it was when that part of the page was rendered anew', async () => {
    const { root, get, unavailable } = page('<main><p>Hub</p><div><button>Add to Cart</button></div></main>');
    get<HTMLButtonElement>('button').click();
    root.innerHTML = '<main><p>Hub</p><div><button>Add to Cart</button></div></main>';
    const taps = vi.fn();
    get('button').addEventListener('click', taps);
    interactive();
    await vi.waitFor(() => expect(taps).toHaveBeenCalledTimes(1));
    expect(unavailable).toEqual([]);
  });
});

describe('with React taking the page over', () => {
  /** A controlled field, as the newsletter sign-up has: React's state, not the field, is what is sent. */
  function Signup({ onSend }: { onSend(email: string): void }) {
    const [email, setEmail] = useState('');
    useEffect(() => {
      document.documentElement.dataset.interactive = 'true';
    }, []);
    const send = (event: FormEvent) => {
      event.preventDefault();
      onSend(email);
    };
    return (
      <form method="post" onSubmit={send}>
        <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
        <button type="submit">Subscribe</button>
      </form>
    );
  }

  it('gives React what was typed before it took over, and sends it', async () => {
    const sent: string[] = [];
    const { root, get } = page(renderToString(<Signup onSend={() => undefined} />));
    type(get<HTMLInputElement>('input'), 'asha@example.in');
    get<HTMLButtonElement>('button').click();

    flushSync(() => {
      hydrated = hydrateRoot(root, <Signup onSend={(email) => sent.push(email)} />);
    });
    await vi.waitFor(() => expect(sent).toEqual(['asha@example.in']));
    expect(get('input')).toHaveValue('asha@example.in');
  });
});
