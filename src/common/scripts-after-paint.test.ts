import { expect, it } from 'vitest';
import { scriptsAfterPaint } from './scripts-after-paint.ts';

const page = (head: string, body = '<h1>SOS</h1>') => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

it('imports the module scripts of the head once the page has loaded and drawn a frame, in their order', () => {
  const html = page(
    '<script>quickExit()</script><script type="module" src="/_astro/Header.js"></script><script type="module" src="/_astro/sos.js"></script>',
    '<h1>SOS</h1><script type="module">inlineModule()</script>',
  );
  const moved = scriptsAfterPaint(html);
  expect(moved).not.toContain('src="/_astro/');
  expect(moved).toContain('<script>quickExit()</script>');
  expect(moved).toContain('<script type="module">inlineModule()</script>');
  const loader = moved.slice(moved.lastIndexOf('<script>'));
  expect(loader).toMatch(/^<script>addEventListener\("load",\(\)=>requestAnimationFrame\(\(\)=>requestAnimationFrame\(.*<\/script><\/body><\/html>$/);
  expect(loader).toContain('{import("/_astro/Header.js");import("/_astro/sos.js")}');
});

it('leaves a page without module scripts as it is, and a page already moved too', () => {
  const plain = page('<script>quickExit()</script>');
  expect(scriptsAfterPaint(plain)).toBe(plain);
  const moved = scriptsAfterPaint(page('<script type="module" src="/_astro/Header.js"></script>'));
  expect(scriptsAfterPaint(moved)).toBe(moved);
});
