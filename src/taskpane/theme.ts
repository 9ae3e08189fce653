import { webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';
import type { AppConfigResponse, PaletteSeed } from '../contract';
import { hexFromHueSaturation, parseHexColor, relativeLuminance } from '../core/color';
import type { PaneTheme } from '../ports/pane-host';

const HEX = /^#([0-9a-f]{6})$/i;

/** WCAG contrast ratio of a `#RRGGBB` colour against white. */
export function contrastWithWhite(hex: string): number {
  const rgb = parseHexColor(hex);
  return rgb ? 1.05 / (relativeLuminance(rgb) + 0.05) : 1;
}

function darken(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 0xff) * (1 - amount));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

/** A palette seed's colour: its `color` when it is `#RRGGBB`, else its hue and saturation, else none. */
export function seedColor(seed: PaletteSeed | null | undefined): string | null {
  if (seed?.color && HEX.test(seed.color)) return seed.color.toUpperCase();
  if (typeof seed?.hue === 'number') return hexFromHueSaturation(seed.hue, seed.saturation ?? 60);
  return null;
}

/**
 * The pane's Fluent theme: Office's dark theme, else light with the admin's brand colour (app config
 * `appTheme.palette.accent`, api.yaml `AppThemePaletteSeed`) where it keeps text on it readable (contrast of at
 * least 4.5 : 1 with white); a palette that would not is ignored. Under Windows high contrast (forced colours) the browser paints
 * with the user's system colours, black or white, and Fluent's components follow them; the plain theme is
 * used then, never a fixed high-contrast palette that would fight the user's choice.
 */
export function paneTheme(theme: PaneTheme, forcedColors: boolean, appTheme: AppConfigResponse['appTheme'] | undefined): Theme {
  if (theme === 'dark') return webDarkTheme;
  if (forcedColors) return webLightTheme;
  const primary = seedColor(appTheme?.palette?.accent);
  if (!primary || contrastWithWhite(primary) < 4.5) return webLightTheme;
  const hover = darken(primary, 0.12);
  return {
    ...webLightTheme,
    colorBrandBackground: primary,
    colorBrandBackgroundHover: hover,
    colorBrandBackgroundPressed: darken(primary, 0.3),
    colorBrandBackgroundSelected: hover,
    colorCompoundBrandBackground: primary,
    colorCompoundBrandBackgroundHover: hover,
    colorCompoundBrandBackgroundPressed: darken(primary, 0.3),
    colorCompoundBrandStroke: primary,
    colorCompoundBrandStrokeHover: hover,
    colorBrandForeground1: primary,
    colorBrandForeground2: hover,
    colorBrandForegroundLink: primary,
    colorBrandForegroundLinkHover: hover,
    colorBrandStroke1: primary,
    colorNeutralForeground2BrandHover: primary,
    colorNeutralForeground2BrandSelected: primary,
  };
}

/** A logo address the pane may load: https anywhere, http only on this computer. */
export function safeLogoUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:') return parsed.href;
    if (parsed.protocol === 'http:' && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(parsed.hostname)) return parsed.href;
  } catch {
    // Not a URL: no logo.
  }
  return null;
}
