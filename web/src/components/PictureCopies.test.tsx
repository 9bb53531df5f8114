import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PictureCopies } from './PictureCopies';

const show = (src: string, priority: boolean) =>
  render(
    <PictureCopies src={src} width={800} sizes="50vw" priority={priority}>
      <img src={src} alt="" />
    </PictureCopies>,
  );

describe('a picture with its copies', () => {
  it('offers its AVIF and WebP copies, and names the best ones in the head when it is the page’s largest', () => {
    const { container } = show('/media/products/dock.png', true);
    expect([...container.querySelectorAll('source')].map((source) => source.type)).toEqual([
      'image/avif',
      'image/webp',
    ]);
    const hint = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(hint?.getAttribute('type')).toBe('image/avif');
    expect(hint?.getAttribute('fetchpriority')).toBe('high');
    expect(hint?.getAttribute('imagesizes')).toBe('50vw');
    expect(hint?.getAttribute('imagesrcset')).toMatch(/^\/pictures\/320\/products\/dock\.png\.avif 320w, .* 800w$/);
  });

  it('names no other picture in the head, and leaves a picture from elsewhere as it is', () => {
    document.head.innerHTML = '';
    const { container } = show('/media/products/hub.png', false);
    expect(container.querySelectorAll('source')).toHaveLength(2);
    const elsewhere = show('https://cdn.example.in/hub.png', true);
    expect(elsewhere.container.querySelector('picture')).toBeNull();
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });
});
