import { webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { contrastWithWhite, paneTheme, safeLogoUrl } from '../../src/taskpane/theme';

describe('paneTheme', () => {
  it("follows Office's dark theme, and leaves colours to the system under forced colours (high contrast)", () => {
    const appTheme = { palette: { primary: '#5B2C83' } };
    expect(paneTheme('dark', false, appTheme)).toBe(webDarkTheme);
    expect(paneTheme('light', true, appTheme)).toBe(webLightTheme);
  });

  it("applies the admin's primary colour when text on it stays readable, and ignores it otherwise", () => {
    const branded = paneTheme('light', false, { palette: { primary: '#5B2C83', secondary: '#43205F' } });
    expect(branded.colorBrandBackground).toBe('#5B2C83');
    expect(branded.colorBrandBackgroundHover).toBe('#43205F');
    expect(branded.colorNeutralBackground1).toBe(webLightTheme.colorNeutralBackground1);
    expect(contrastWithWhite('#5B2C83')).toBeGreaterThan(4.5);
    expect(paneTheme('light', false, { palette: { primary: '#FFD700' } })).toBe(webLightTheme);
    expect(paneTheme('light', false, { palette: { primary: 'red; background: url(x)' } })).toBe(webLightTheme);
    expect(paneTheme('light', false, null)).toBe(webLightTheme);
  });
});

describe('safeLogoUrl', () => {
  it('allows https, and http only on loopback', () => {
    expect(safeLogoUrl('https://cdn.example.com/logo.png')).toBe('https://cdn.example.com/logo.png');
    expect(safeLogoUrl('http://127.0.0.1:4000/logo.png')).toBe('http://127.0.0.1:4000/logo.png');
    expect(safeLogoUrl('http://example.com/logo.png')).toBeNull();
    expect(safeLogoUrl('javascript:alert(1)')).toBeNull();
    expect(safeLogoUrl('not a url')).toBeNull();
    expect(safeLogoUrl(null)).toBeNull();
  });
});
