// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { headHtml, scriptJson } from './page-head';

const ORIGIN = 'https://netkart.in';

describe("the page's head as the server writes it", () => {
  it('writes the title, description, canonical address and preview tags', () => {
    const html = headHtml(
      {
        title: 'USB-C Hub | NetKart',
        description: 'Seven ports.',
        canonicalPath: '/product/p-1',
        image: '/pictures/share/products/hub.svg.jpg',
        type: 'product',
      },
      ORIGIN,
    );
    expect(html).toContain('<title>USB-C Hub | NetKart</title>');
    expect(html).toContain('<meta name="description" content="Seven ports." />');
    expect(html).toContain('<link rel="canonical" href="https://netkart.in/product/p-1" />');
    expect(html).toContain(
      '<meta property="og:image" content="https://netkart.in/pictures/share/products/hub.svg.jpg" />',
    );
    expect(html).toContain('<meta property="og:image:type" content="image/jpeg" />');
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="630" />');
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it("names the store's raster card on a page without a picture of its own", () => {
    const html = headHtml({ title: 'Contact | NetKart' }, ORIGIN);
    expect(html).toContain('<meta property="og:image" content="https://netkart.in/share-card.jpg" />');
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it("escapes a store's text everywhere: no tag of its own, no attribute broken out of", () => {
    const hostile = 'Hub </title><script>alert(1)</script> "quoted" & more';
    const html = headHtml({ title: hostile, description: hostile }, ORIGIN);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(
      '<title>Hub &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; more</title>',
    );
    expect(html).toContain(
      'content="Hub &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; more"',
    );
  });

  it('keeps a </script> in structured data from ending its block, and the JSON reads back the same', () => {
    const product = { '@type': 'Product', name: 'Cable </script><script>alert(1)</script>', description: 'a\u2028b' };
    const html = headHtml({ title: 'x', structuredData: [product] }, ORIGIN);
    const blocks = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g) ?? [];
    expect(blocks).toHaveLength(1);
    const json = (blocks[0] ?? '').replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(product);
    expect(JSON.parse(scriptJson(product))).toEqual(product);
  });
});
