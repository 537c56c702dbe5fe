/**
 * California's 58 counties as SVG paths, drawn when the site is built (from the Census Bureau's
 * boundaries in us-atlas): the /map page ships them inline, so a phone loads no map library, no
 * tiles and nothing from another site. Build time only: never imported by a browser script.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoConicEqualArea, geoPath } from 'd3-geo';
import type { MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import { presimplify, simplify } from 'topojson-simplify';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** The drawing's width in SVG units; its height follows California's shape. */
const WIDTH = 400;
/**
 * Points that bend an outline by less than this triangle (in square degrees: about 7 square
 * units of the drawing, a bend a phone barely shows) are dropped, the same way on both sides of
 * a shared border. It halves the counties' bytes in the page.
 */
const MIN_AREA = 5e-3;

/**
 * Each county's outline as compact path data: whole units (a phone's screen shows no finer),
 * relative moves, repeated points dropped.
 */
function compactPath(rings: [number, number][][]): string {
  let d = '';
  for (const ring of rings) {
    let [x, y] = [NaN, NaN];
    let points = 0;
    let part = '';
    for (const [px, py] of ring) {
      const [rx, ry] = [Math.round(px), Math.round(py)];
      if (rx === x && ry === y) continue;
      const step = `${signed(rx - x)}${signed(ry - y)}`;
      part += Number.isNaN(x) ? `M${rx} ${ry}` : points === 1 ? `l${step.trimStart()}` : step;
      [x, y] = [rx, ry];
      points += 1;
    }
    // A ring smaller than a unit (a tiny island) is left out.
    if (points > 2) d += `${part}z`;
  }
  return d;
}
const signed = (value: number) => (value < 0 ? `${value}` : ` ${value}`);

export interface CountyShape {
  name: string;
  d: string;
}

interface CountyMap {
  width: number;
  height: number;
  counties: CountyShape[];
}
let drawn: CountyMap | undefined;

/** The counties drawn into a WIDTH-wide box (California Albers), by name, and the box's height; drawn once per build. */
export function countyMap(): CountyMap {
  drawn ??= draw();
  return drawn;
}

function draw(): CountyMap {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve('us-atlas/counties-10m.json'), 'utf8')) as Topology<{
    counties: GeometryCollection<{ name: string }>;
  }>;
  const simplified = simplify(presimplify(topology), MIN_AREA) as typeof topology;
  const collection = feature(simplified, simplified.objects.counties);
  const features = collection.features.filter((county) => String(county.id).startsWith('06'));
  const california = { type: 'FeatureCollection' as const, features };
  // California's own equal-area projection (Teale Albers): its standard parallels and meridian.
  const projection = geoConicEqualArea().parallels([34, 40.5]).rotate([120, 0]).fitWidth(WIDTH, california);
  const [[, top], [, bottom]] = geoPath(projection).bounds(california);
  const height = Math.ceil(bottom - top);
  const counties = features
    .map((county) => {
      const geometry = county.geometry as Polygon | MultiPolygon;
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
      const rings = polygons.flat().map((ring) => ring.map((point) => projection(point as [number, number])!));
      return { name: county.properties.name, d: compactPath(rings) };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { width: WIDTH, height, counties };
}
