// @ts-check
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { headersRules, pagePolicies } from './functions/hosts/page-policies.ts';
import { LANGUAGES } from './src/common/i18n/languages.ts';
import { scriptsAfterPaint } from './src/common/scripts-after-paint.ts';

/**
 * Astro writes the English 404 as /404.html but the others as /{lang}/404/index.html; both hosts
 * (and Cloudflare's "nearest 404.html" rule) look for /{lang}/404.html, so move them there.
 */
/** @type {import('astro').AstroIntegration} */
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

/** Every prebuilt page starts its module scripts after its first paint (src/common/scripts-after-paint.ts); rendered pages do in src/middleware.ts. */
/** @type {import('astro').AstroIntegration} */
const scriptsAfterFirstPaint = {
  name: 'scripts-after-paint',
  hooks: {
    'astro:build:done': ({ dir }) => {
      const clientDir = fileURLToPath(dir);
      for (const file of readdirSync(clientDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html'))) {
        const html = readFileSync(`${clientDir}${file}`, 'utf8');
        const moved = scriptsAfterPaint(html);
        if (moved !== html) writeFileSync(`${clientDir}${file}`, moved);
      }
    },
  },
};

/**
 * Cloudflare serves the pages as static assets with the headers of `_headers`: add the security
 * headers and each page's script policy to whatever public/_headers holds.
 */
/** @type {import('astro').AstroIntegration} */
const securityHeaders = {
  name: 'security-headers',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const clientDir = fileURLToPath(dir);
      const file = `${clientDir}_headers`;
      const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
      writeFileSync(file, headersRules(await pagePolicies(clientDir), LANGUAGES, existing));
    },
  },
};

/**
 * The Node host as one file, dist/node/server.mjs (with the database migrations beside it), which
 * `npm start` and `npm run serve` run. From its sources, Node parsed drizzle-orm's 179 KB
 * package.json again for each of the ~90 drizzle files it loaded, to learn their module type:
 * 4.2 s of processor time for each start (3 s wall on an idle machine) against 1.3 s bundled.
 * libsql stays outside: its native module is loaded from node_modules.
 */
/** @type {import('astro').AstroIntegration} */
const nodeHostBundle = {
  name: 'node-host-bundle',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const out = new URL('../node/', dir);
      await build({
        entryPoints: ['functions/hosts/node/server.ts'],
        outfile: fileURLToPath(new URL('server.mjs', out)),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node24',
        external: ['libsql'],
        // Bundled CommonJS modules call require(), which an ES module lacks.
        banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
        logLevel: 'warning',
      });
      cpSync('db/migrations', fileURLToPath(new URL('migrations', out)), { recursive: true });
    },
  },
};

/** `ASTRO_HOST=cloudflare` builds the Cloudflare worker (dist/cloudflare); otherwise the Node host's pages (dist). */
const forCloudflare = process.env.ASTRO_HOST === 'cloudflare';

// Fixed pages are prebuilt in every language; boards and person pages (`prerender = false`) are
// rendered with their data by the host's adapter.
export default defineConfig({
  output: 'static',
  adapter: forCloudflare ? cloudflare({ prerenderEnvironment: 'node', imageService: 'passthrough' }) : node({ mode: 'middleware' }),
  outDir: forCloudflare ? './dist/cloudflare' : './dist',
  // In this order: the 404 pages moved, their scripts started after the paint, then the policies hashed.
  integrations: [react(), notFoundPagesBesideTheirLanguage, scriptsAfterFirstPaint, securityHeaders, ...(forCloudflare ? [] : [nodeHostBundle])],
  i18n: {
    locales: [...LANGUAGES],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
  // The stylesheet (about 4 KiB gzipped) goes inside each page: one round trip less before the
  // first paint on a slow phone network, which costs far more than the bytes.
  build: { format: 'directory', inlineStylesheets: 'always' },
  vite: {
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Two files where the default split made about fifteen: React with its DOM renderer and
            // Astro's glue (every island needs all of them), and the small client kits every page's
            // scripts share (no React in it, so a page without a board still loads none). Each file
            // is a request a phone waits for, often one after the other; /jobs drew its first
            // cards about 0.3 s sooner under Lighthouse's slow phone.
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/ },
              {
                name: 'kit',
                test: /src[\\/](client[\\/](api|forms|lists|toast|own-posts|live[\\/]store)|common[\\/](format|i18n[\\/](languages|messages|values)))\.ts$|node_modules[\\/]nanostores[\\/]/,
              },
            ],
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
  // The site is served by the same process that serves /api (functions/hosts/node/server.ts, run as dist/node/server.mjs).
  server: { port: 4321 },
});
