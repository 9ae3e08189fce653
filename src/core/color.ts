const HEX = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** `#RRGGBB` (the `#` optional) as 0–255 channels, or null for anything else. */
export function parseHexColor(value: string): [number, number, number] | null {
  const match = HEX.exec(value);
  return match ? [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)] : null;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * A colour from hue (0–360) and saturation (0–100), as the admin's palette seeds may give it without a hex
 * `color`, at a lightness dark enough for white text on it. `#RRGGBB`.
 */
export function hexFromHueSaturation(hue: number, saturation: number, lightness = 38): string {
  const s = Math.min(100, Math.max(0, saturation)) / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + ((((hue % 360) + 360) % 360) / 30)) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return `#${[0, 8, 4].map((n) => channel(n).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}
