import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));
/** In development, /admin and its pages get the back office's page, as the server gives them in production. */
function adminPages(): Plugin {
  return {
    name: 'admin-pages',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const pathname = request.url?.split('?')[0] ?? '';
        if (pathname === '/admin' || pathname.startsWith('/admin/')) request.url = '/admin.html';
        next();
      });
    },
  };
}

/**
 * The message catalogues (src/lib/i18n/messages/*.json) compiled as they are imported: the
 * browser gets Lingui's compiled form and never a message parser. They stay JSON (Vite's own
 * JSON plugin turns them into modules after this one).
 */
function compiledCatalogues(): Plugin {
  return {
    name: 'compiled-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]lib[\\/]i18n[\\/]messages[\\/](?:[a-z]+[\\/])?[a-z]+\.json$/.test(id)) return null;
      const source = JSON.parse(code) as Record<string, string>;
      const messages = Object.fromEntries(Object.entries(source).map(([key, text]) => [key, compileMessage(text)]));
      return { code: JSON.stringify(messages), map: null };
    },
  };
}

/**
 * The shop's stylesheet inside its page rather than beside it: a phone paints the first HTML as it
 * arrives instead of asking for the styles first (a round trip on a slow network). Its ~9 KB
 * compressed comes with each page a shopper opens from outside; pages opened inside the shop fetch
 * no HTML. The back office keeps its stylesheet.
 */
function stylesInPage(): Plugin {
  return {
    name: 'styles-in-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (!bundle || path.basename(filename) !== 'index.html') return html;
        return html.replace(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/g, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return link;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          return `<style>${css}</style>`;
        });
      },
    },
  };
}

/**
 * The service worker (service-worker/sw.ts) built to /sw.js, with the files the offline page needs
 * kept up front: a phone on a metered plan downloads no page it has not opened. Their version is a
 * hash of their contents, so a changed offline page replaces the kept one.
 */
function offlineShop(): Plugin {
  const publicDir = path.resolve(here, 'public');
  const offlineFiles = [
    'offline.html',
    'offline.js',
    'favicon.svg',
    ...readdirSync(path.join(publicDir, 'icons'))
      .filter((f) => f.endsWith('.png'))
      .map((f) => `icons/${f}`),
  ];
  return {
    name: 'offline-shop',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: path.resolve(here, 'service-worker/sw.ts'), fileName: 'sw.js' });
    },
    transform(code, id) {
      if (id !== path.resolve(here, 'service-worker/sw.ts')) return null;
      const hash = createHash('sha256');
      for (const file of offlineFiles) hash.update(file).update(readFileSync(path.join(publicDir, file)));
      return code
        .replace(/\bOFFLINE_FILES\b(?!:)/g, JSON.stringify(offlineFiles))
        .replace(/\bOFFLINE_VERSION\b(?!:)/g, JSON.stringify(hash.digest('hex').slice(0, 12)));
    },
  };
}

/**
 * The page's code is asked for once its content has been painted (see app/after-content): the
 * entry's script is tiny and loads nothing else; what takes the page over (app/take-over, whose
 * import brings the framework) and the shop's own modules that it imports next (app/boot, the
 * `shell` chunk) are named for preloading in a `<template>`, which the entry copies into the head
 * when the time comes. Preloaded together, none of them waits a round trip for the one before.
 */
function takeOverAfterContent(): Plugin {
  return {
    name: 'take-over-after-content',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (!bundle || path.basename(filename) !== 'index.html') return html;
        const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
        const chunkOf = (file: string) => chunks.find((chunk) => chunk.fileName === file);
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunkOf(file)?.imports ?? []) add(imported);
        };
        // The entry's dynamic import (the take-over) and the take-over's own (the router, the shop's modules).
        for (const takeOver of entry?.dynamicImports ?? []) {
          add(takeOver);
          for (const next of chunkOf(takeOver)?.dynamicImports ?? []) add(next);
        }
        const links = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        return html.replace('</head>', `<template id="take-over">${links.join('')}</template></head>`);
      },
    },
  };
}

/**
 * The early-actions script (src/app/early-actions-inline.ts) inlined at the top of the shop's page,
 * so that it listens before the first button is painted: a module script runs only once the whole
 * page has arrived, and on a slow network a shopper taps before that. The server allows it by its
 * hash in the Content-Security-Policy (which forbids every other inline script).
 */
function inlineEarlyActions(): Plugin {
  let script: string | undefined;
  return {
    name: 'inline-early-actions',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, { filename }) {
        if (path.basename(filename) !== 'index.html') return html;
        if (script === undefined) {
          const built = (await build({
            configFile: false,
            logLevel: 'warn',
            resolve: { alias: { '@': path.resolve(here, 'src') } },
            build: {
              write: false,
              minify: true,
              lib: { entry: path.resolve(here, 'src/app/early-actions-inline.ts'), formats: ['iife'], name: 'early' },
            },
          })) as Rollup.RollupOutput[];
          const chunk = built[0]?.output.find((item) => item.type === 'chunk');
          if (!chunk) throw new Error('the early-actions script was not built');
          script = chunk.code.trim();
          if (script.includes('</script')) throw new Error('the early-actions script cannot be inlined');
        }
        // After the charset, which must come within the page's first 1,024 bytes.
        return html.replace(/<meta charset="[^"]*" \/>/, (charset) => `${charset}<script>${script}</script>`);
      },
    },
  };
}

/**
 * The framework's chunks (React, the router, the query cache) start with V8's compile hint
 * `//# allFunctionsCalledOnLoad`: nearly all their functions run while the page is taken over, so
 * Chromium compiles them on a background thread as the script arrives instead of on the main thread
 * the first time each is called, in the middle of hydration. Other browsers ignore the comment.
 */
function compileFrameworkEagerly(): Plugin {
  return {
    name: 'compile-framework-eagerly',
    apply: 'build',
    // Once minified (which would drop the comment), before the compressed copies are made.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && /^(framework|routing)$/.test(chunk.name))
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
    },
  };
}

/**
 * A first visit downloads a few larger scripts rather than thirty small ones (each costs a request
 * and a module to evaluate on a phone): React and ReactDOM in one, the router and the query cache
 * in another, the shop's shell (layouts, providers, shared pieces) in a third. Each page, and
 * whatever only some pages use, stays in its own chunk.
 */
const firstVisitChunks = {
  groups: [
    {
      // Vite's helper that preloads a dynamic import's chunks: the page's entry needs it, and nothing
      // else that a group would bring along (see takeOverAfterContent).
      name: 'preload-helper',
      test: /vite[\\/]preload-helper/,
      priority: 30,
    },
    {
      // React and ReactDOM, evaluated with the take-over; the router and the query cache in a chunk
      // of their own, evaluated in a task of its own after a yield (see app/take-over): on a phone
      // one evaluation of the three together was a long task.
      name: 'framework',
      test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
      priority: 20,
    },
    {
      name: 'routing',
      test: /node_modules[\\/](react-router|@tanstack)[\\/]/,
      priority: 20,
    },
    {
      // Not the pieces only the checkout, cart, account and orders pages use (the address form with
      // its schema, the PIN look-up, shipping and price quotes, the cart's return), nor the signed-in shopper's
      // kept cart (loaded once signed in): they come with those pages. Nor the Hindi words, nor the
      // parts of the catalogue fetched with the pages that show them.
      name: 'shell',
      test: /web[\\/]src[\\/](app[\\/](providers|app-state|router|layouts[\\/](?!MobileMenu)[^.]+)\.tsx?|lib[\\/](?!strict-csp|i18n[\\/]messages[\\/](?:hi\.json|[a-z]+[\\/]))|components[\\/]ui[\\/]|features[\\/](auth|cart|store-info)[\\/](?!schemas|address-fields|pincode|shipping-quote|quote|cart-back|use-cart-back|cart-sync|CartSync|use-restore-link|reminder-consents)[^\\/]+\.tsx?$)/,
      priority: 10,
    },
    {
      // What the catalogue's pages share (the product card and its parts, the category cards, the
      // pages' loaders, reviews' and the wishlist's queries): the pages a shopper lands on most
      // import it as one chunk. Apart, they were nine, each a preload the page's take-over added to
      // the document and waited for.
      name: 'catalogue',
      test: /web[\\/]src[\\/](app[\\/]loaders|components[\\/]ProductImage|features[\\/]catalog[\\/](components[\\/](ProductCard|PriceTag|QuickAddButton|RatingStars|CategoryCards)|reviews|wishlist)|features[\\/]policies[\\/]slugs)\.tsx?$|contract[\\/]src[\\/]policy-slugs\.ts$/,
      priority: 10,
    },
  ],
};

/** Storefront tests that must import their modules afresh (see test.projects below). */
const freshModuleTests = ['src/lib/strict-csp.test.ts'];

const proxyTarget = process.env.VITE_PROXY_TARGET ?? `http://localhost:${process.env.PORT || 8044}`;
/** What the shop's server serves itself, passed on to it by the dev server (`npm run dev`). */
const servedByTheServer = [
  '/api',
  '/media',
  '/pictures',
  '/manifest.webmanifest',
  '/robots.txt',
  '^/sitemap[^/]*\\.xml$',
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    compiledCatalogues(),
    react(),
    adminPages(),
    tailwindcss(),
    stylesInPage(),
    takeOverAfterContent(),
    isSsrBuild ? null : compileFrameworkEagerly(),
    isSsrBuild ? null : inlineEarlyActions(),
    // Brotli and gzip copies beside each asset, made once at build time and served as they are.
    isSsrBuild
      ? null
      : compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|html)$/, threshold: 1024 }),
    isSsrBuild ? null : offlineShop(),
  ],
  resolve: {
    alias: { '@': path.resolve(here, 'src') },
  },
  server: {
    proxy: Object.fromEntries(
      servedByTheServer.map((prefix) => [prefix, { target: proxyTarget, changeOrigin: false }]),
    ),
  },
  // The server renders the storefront with this build of it (`vite build --ssr`); the contract's
  // TypeScript is compiled into it, the packages are the server's own.
  ssr: { noExternal: ['@netkart/contract'] },
  build: {
    sourcemap: false,
    // Every browser the shop supports preloads modules itself: no polyfill script on each page.
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    rolldownOptions: {
      // Two pages: the shop, and the back office (/admin) whose code shoppers never download.
      input: { index: path.resolve(here, 'index.html'), admin: path.resolve(here, 'admin.html') },
      output: isSsrBuild ? {} : { codeSplitting: firstVisitChunks },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // A page test types into many fields; on a busy machine (the journeys run alongside) that takes
    // seconds. Generous limits, not timed assertions.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'storefront',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: freshModuleTests,
          // The files share one window and one import of the storefront instead of each making its
          // own (a fresh jsdom per file was a third of the run); setup.ts empties the page after
          // each file, as a fresh window would be.
          isolate: false,
        },
      },
      // A test that sets a global before a library first loads needs that library loaded afresh.
      { extends: true, test: { name: 'fresh-modules', include: freshModuleTests } },
    ],
  },
}));
