import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
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

const proxyTarget = process.env.VITE_PROXY_TARGET ?? 'http://localhost:8044';

export default defineConfig({
  plugins: [
    react(),
    adminPages(),
    tailwindcss(),
    // Brotli and gzip copies beside each asset, made once at build time and served as they are.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|html)$/, threshold: 1024 }),
  ],
  resolve: {
    alias: { '@': path.resolve(here, 'src') },
  },
  server: {
    proxy: {
      '/api': { target: proxyTarget, changeOrigin: false },
      '/media': { target: proxyTarget, changeOrigin: false },
    },
  },
  build: {
    sourcemap: false,
    reportCompressedSize: true,
    rollupOptions: {
      // Two pages: the shop, and the back office (/admin) whose code shoppers never download.
      input: { index: path.resolve(here, 'index.html'), admin: path.resolve(here, 'admin.html') },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
