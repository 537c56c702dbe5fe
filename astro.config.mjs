// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { renameSync, rmdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from './src/i18n/languages.ts';

/**
 * Astro writes the English 404 as /404.html but the others as /{lang}/404/index.html; both hosts
 * (and Cloudflare's "nearest 404.html" rule) look for /{lang}/404.html, so move them there.
 */
const notFoundPagesBesideTheirLanguage = {
  name: 'not-found-pages',
  hooks: {
    'astro:build:done': ({ dir }) => {
      for (const lang of LANGUAGES.filter((code) => code !== 'en')) {
        const folder = fileURLToPath(new URL(`${lang}/404/`, dir));
        renameSync(`${folder}index.html`, fileURLToPath(new URL(`${lang}/404.html`, dir)));
        rmdirSync(folder);
      }
    },
  },
};

// Every page is prebuilt for all 8 languages; dynamic data comes from /api at run time.
export default defineConfig({
  output: 'static',
  // The Node host serves dist/client; the Cloudflare adapter (next issue) writes the same place.
  outDir: './dist/client',
  integrations: [react(), notFoundPagesBesideTheirLanguage],
  i18n: {
    locales: [...LANGUAGES],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
  build: { format: 'directory' },
  devToolbar: { enabled: false },
  // The site is served by the same process that serves /api (see functions/node-server.ts).
  server: { port: 4321 },
});
