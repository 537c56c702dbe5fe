/**
 * Builds an element for the boards drawn without React (the pulse feed, the job board). Children
 * are text nodes or elements: what people wrote is never read as HTML.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { attrs?: Record<string, string> } = {},
  ...children: (Node | string | false | null | undefined)[]
): HTMLElementTagNameMap[K] {
  const { attrs, ...rest } = props;
  const node = Object.assign(document.createElement(tag), rest);
  for (const [name, value] of Object.entries(attrs ?? {})) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

/** A map pin, `icon`'s markup for a place (a job's city, a resource's address). */
export const PIN = '<path d="M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21z"/><circle cx="12" cy="9.5" r="2.5"/>';

/** An inline SVG icon from its inner markup (fixed strings of this code, never user text). */
export function icon(inner: string, fill = 'none'): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  for (const [name, value] of Object.entries({
    width: '18',
    height: '18',
    viewBox: '0 0 24 24',
    'aria-hidden': 'true',
    focusable: 'false',
    fill,
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  }))
    svg.setAttribute(name, value);
  svg.innerHTML = inner;
  return svg;
}
