import { webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { hexFromHueSaturation } from '../../src/core/color';
import { contrastWithWhite, paneTheme, safeLogoUrl, seedColor } from '../../src/taskpane/theme';

/** An api.yaml `AppTheme` with only the accent seed set; every other palette field null as the schema allows. */
const withAccent = (accent: { color?: string | null; hue?: number | null; saturation?: number | null } | null) => ({
  palette: { accent, base: null, contrastLevel: null, pastel: null, surfaceMode: null, themes: null },
  logoUrl: '',
});

describe('paneTheme', () => {
  it("follows Office's dark theme, and leaves colours to the system under forced colours (high contrast)", () => {
    const appTheme = withAccent({ color: '#5B2C83' });
    expect(paneTheme('dark', false, appTheme)).toBe(webDarkTheme);
    expect(paneTheme('light', true, appTheme)).toBe(webLightTheme);
  });

  it("applies the admin's accent colour when text on it stays readable, and ignores it otherwise", () => {
    const branded = paneTheme('light', false, withAccent({ color: '#5B2C83' }));
    expect(branded.colorBrandBackground).toBe('#5B2C83');
    // 12 % darker per channel: 0x5B*0.88 = 80 (0x50), 0x2C*0.88 = 39 (0x27), 0x83*0.88 = 115 (0x73).
    expect(branded.colorBrandBackgroundHover).toBe('#502773');
    expect(branded.colorNeutralBackground1).toBe(webLightTheme.colorNeutralBackground1);
    expect(contrastWithWhite('#5B2C83')).toBeGreaterThan(4.5);
    expect(paneTheme('light', false, withAccent({ color: '#FFD700' }))).toBe(webLightTheme);
    expect(paneTheme('light', false, withAccent({ color: 'red; background: url(x)' }))).toBe(webLightTheme);
    expect(paneTheme('light', false, withAccent(null))).toBe(webLightTheme);
    expect(paneTheme('light', false, null)).toBe(webLightTheme);
  });

  it('takes a seed given as hue and saturation when it has no colour', () => {
    // HSL(210°, 80 %, 38 %): C = (1 - |2L - 1|)·S = 0.608, X = 0.304, m = L - C/2 = 0.076, so RGB = 255·(0.076, 0.380, 0.684) = (19, 97, 174).
    expect(hexFromHueSaturation(210, 80)).toBe('#1361AE');
    expect(seedColor({ color: null, hue: 210, saturation: 80 })).toBe('#1361AE');
    expect(paneTheme('light', false, withAccent({ color: null, hue: 210, saturation: 80 })).colorBrandBackground).toBe('#1361AE');
  });
});

describe('safeLogoUrl', () => {
  it('allows https, and http only on loopback', () => {
    expect(safeLogoUrl('https://cdn.example.com/logo.png')).toBe('https://cdn.example.com/logo.png');
    expect(safeLogoUrl('http://127.0.0.1:4000/logo.png')).toBe('http://127.0.0.1:4000/logo.png');
    expect(safeLogoUrl('http://example.com/logo.png')).toBeNull();
    expect(safeLogoUrl('javascript:alert(1)')).toBeNull();
    expect(safeLogoUrl('not a url')).toBeNull();
    expect(safeLogoUrl('')).toBeNull();
    expect(safeLogoUrl(null)).toBeNull();
  });
});
