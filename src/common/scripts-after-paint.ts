/**
 * A page's module scripts start after its first paint. Astro writes each `<script>` of a page or
 * component as `<script type="module" src>` in the head, which a phone asks for at once: on a slow
 * line they share it with the page itself and their imports chain round trips before it is drawn.
 * Here they become one inline script that imports them once the page has loaded and drawn a frame.
 *
 * Measured with Lighthouse's slow line (300 ms, 700 Kbps, 4x CPU) on copies of /sos: LCP 2.2-2.8 s
 * with the scripts in the head, 1.8 s when they start after the paint (a page with nothing but a
 * heading: 1.2 s). Nothing a person needs first waits for them: Quick exit is an inline script of
 * its own, every form works without scripts, and the React islands hydrate on idle or when seen.
 */
const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;

/** `html` with its module scripts imported after the first paint (unchanged when it has none, or had them moved already). */
export function scriptsAfterPaint(html: string): string {
  const sources = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (!sources.length) return html;
  // Each import written out, so the page's weight (scripts/page-weight.ts) finds them as a phone does.
  const imports = sources.map((source) => `import(${JSON.stringify(source)})`).join(';');
  // Parsed before the page's load event, which fires once; a fast page may load before it first
  // paints, so they start a frame after the next: once a frame has been drawn (a hidden tab draws
  // none, and starts them when shown).
  const loader = `<script>addEventListener("load",()=>requestAnimationFrame(()=>requestAnimationFrame(()=>{${imports}})))</script>`;
  const page = html.replace(MODULE_SCRIPT, '');
  // Before the body's own closing tag, the last one (an inline script's text could hold another).
  const end = page.lastIndexOf('</body>');
  return end < 0 ? `${page}${loader}` : `${page.slice(0, end)}${loader}${page.slice(end)}`;
}
