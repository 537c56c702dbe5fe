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
