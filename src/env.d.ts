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
    /** Set by @astrojs/cloudflare: the worker's execution context. */
    cfContext?: { props?: { api?: (path: string) => Promise<Response> } };
  }
}
