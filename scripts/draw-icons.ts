/**
 * Draws the add-in's icons (assets/icon-<size>.png): a blue tile with a small grid of cells and a green
 * "in sync" badge; and the ribbon's "Refresh all" button (assets/refresh-all-<size>.png): a circular arrow around
 * the same small grid. Shapes are described in unit coordinates and rasterized with 4×4 supersampling, so every
 * size is drawn for itself rather than scaled from another. Run: node -r @swc-node/register scripts/draw-icons.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];
type Shape = (x: number, y: number) => boolean;

const hex = (value: string, alpha = 255): Rgba => [
  parseInt(value.slice(1, 3), 16), parseInt(value.slice(3, 5), 16), parseInt(value.slice(5, 7), 16), alpha,
];

const roundedRect = (x0: number, y0: number, x1: number, y1: number, r: number): Shape => (x, y) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const circle = (cx: number, cy: number, r: number): Shape => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
function segmentDistance(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay)));
}
/** A ring's band between two angles (radians, clockwise from east, as y grows downwards). */
const arc = (cx: number, cy: number, r: number, width: number, from: number, to: number): Shape => (x, y) => {
  const distance = Math.hypot(x - cx, y - cy);
  if (Math.abs(distance - r) > width / 2) return false;
  const angle = (Math.atan2(y - cy, x - cx) + 2 * Math.PI) % (2 * Math.PI);
  return angle >= from && angle <= to;
};
const triangle = (a: [number, number], b: [number, number], c: [number, number]): Shape => (x, y) => {
  const side = (p: [number, number], q: [number, number]) => (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
  const [s1, s2, s3] = [side(a, b), side(b, c), side(c, a)];
  return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
};
const polyline = (points: [number, number][], width: number): Shape => (x, y) =>
  points.slice(1).some(([bx, by], i) => segmentDistance(x, y, points[i]![0], points[i]![1], bx, by) <= width / 2);

/** The add-in's icon: layers painted in order; later ones cover earlier ones. */
function addinLayers(): [Shape, Rgba][] {
  const cells: [Shape, Rgba][] = [];
  const cols = 3;
  const rows = 3;
  const [left, top, right, bottom, gap] = [0.17, 0.2, 0.76, 0.74, 0.045];
  const w = (right - left - gap * (cols - 1)) / cols;
  const h = (bottom - top - gap * (rows - 1)) / rows;
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const x = left + c * (w + gap);
      const y = top + r * (h + gap);
      cells.push([roundedRect(x, y, x + w, y + h, 0.02), hex(r === 0 ? '#BFDDF7' : '#FFFFFF')]);
    }
  }
  return [
    [roundedRect(0.04, 0.04, 0.96, 0.96, 0.18), hex('#0F6CBD')],
    ...cells,
    [circle(0.73, 0.73, 0.235), hex('#0F6CBD')],
    [circle(0.73, 0.73, 0.19), hex('#13A10E')],
    [polyline([[0.635, 0.735], [0.705, 0.8], [0.83, 0.665]], 0.065), hex('#FFFFFF')],
  ];
}

/**
 * "Refresh all": a blue arrow turning clockwise around a small grid of cells, its head at the top left, drawn
 * without a tile so it sits on the ribbon like Office's own command icons.
 */
function refreshLayers(): [Shape, Rgba][] {
  const blue = hex('#0F6CBD');
  const grid: [Shape, Rgba][] = [];
  const [left, top, size, gap] = [0.35, 0.35, 0.13, 0.04];
  for (let r = 0; r < 2; r += 1) {
    for (let c = 0; c < 2; c += 1) {
      const x = left + c * (size + gap);
      const y = top + r * (size + gap);
      grid.push([roundedRect(x, y, x + size, y + size, 0.015), hex(r === 0 ? '#5EA3E0' : '#0F6CBD')]);
    }
  }
  // The band runs clockwise from just right of the top (300°) round the bottom to the left (200°), where the head
  // sits across its end and points on along the circle.
  const [cx, cy, r, end] = [0.5, 0.5, 0.36, (200 * Math.PI) / 180];
  const tip: [number, number] = [cx + r * Math.cos(end), cy + r * Math.sin(end)];
  const [ahead, across] = [[-Math.sin(end), Math.cos(end)], [Math.cos(end), Math.sin(end)]] as const;
  const head = triangle(
    [tip[0] + 0.13 * across[0], tip[1] + 0.13 * across[1]],
    [tip[0] - 0.13 * across[0], tip[1] - 0.13 * across[1]],
    [tip[0] + 0.2 * ahead[0], tip[1] + 0.2 * ahead[1]],
  );
  return [
    [arc(cx, cy, r, 0.11, 0, end), blue],
    [arc(cx, cy, r, 0.11, (300 * Math.PI) / 180, 2 * Math.PI), blue],
    [head, blue],
    ...grid,
  ];
}

function render(size: number, painted: [Shape, Rgba][]): Buffer {
  const samples = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          let color: Rgba = [0, 0, 0, 0];
          for (const [shape, fill] of painted) if (shape(x, y)) color = fill;
          // Premultiplied accumulation keeps anti-aliased edges from darkening.
          sum[0]! += (color[0] * color[3]) / 255;
          sum[1]! += (color[1] * color[3]) / 255;
          sum[2]! += (color[2] * color[3]) / 255;
          sum[3]! += color[3];
        }
      }
      const n = samples * samples;
      const alpha = sum[3]! / n;
      const offset = (py * size + px) * 4;
      pixels[offset] = alpha ? Math.round((sum[0]! / n) * 255 / alpha) : 0;
      pixels[offset + 1] = alpha ? Math.round((sum[1]! / n) * 255 / alpha) : 0;
      pixels[offset + 2] = alpha ? Math.round((sum[2]! / n) * 255 / alpha) : 0;
      pixels[offset + 3] = Math.round(alpha);
    }
  }
  return encodePng(size, size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const ICON_SIZES = [16, 32, 64, 80, 128];
/** Ribbon buttons take 16, 32 and 80 px images (the manifest's Icon element). */
export const BUTTON_SIZES = [16, 32, 80];

if (require.main === module) {
  const assets = join(__dirname, '..', 'assets');
  for (const size of ICON_SIZES) writeFileSync(join(assets, `icon-${size}.png`), render(size, addinLayers()));
  for (const size of BUTTON_SIZES) writeFileSync(join(assets, `refresh-all-${size}.png`), render(size, refreshLayers()));
}
