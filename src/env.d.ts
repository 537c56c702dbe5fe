/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /**
     * The site's own API, asked in the same process for a page's data (`/api/...` in, its answer
     * out): the Node host hands it to the adapter; the worker puts it in its context's props,
     * which src/middleware.ts moves here.
     */
    api?: (path: string) => Promise<Response>;
    /** The host sends rendered pages as they come and asks them gzipped (Cloudflare compresses at its edge). */
    gzip?: boolean;
    /**
     * The prebuilt 404 page in the language of `path`, for an address a rendered route takes but
     * names nothing (`/es/no-such-page` reaches the home page's `[...lang]`). The Node host gives
     * it; the worker answers its assets' 404 page in place of a plain 404.
     */
    notFoundPage?: (path: string) => Promise<Response>;
    /** Set by @astrojs/cloudflare: the worker's execution context. */
    cfContext?: { props?: { api?: (path: string) => Promise<Response> } };
  }
}
