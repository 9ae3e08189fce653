import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import CustomFunctionsMetadataPlugin from 'custom-functions-metadata-plugin';
import { XMLParser } from 'fast-xml-parser';
import type { ManifestInfo } from 'office-addin-manifest';
import { LocalizedFunctionsMetadataPlugin } from '../../scripts/functions-metadata';
import { checkManifestOffline, CURRENT_SCHEMA, schemaErrors, SHARED_SCHEMA } from '../../scripts/manifest-schema';
import { DEV_ORIGIN, manifestFor, productionOrigin } from '../../scripts/manifest-urls';

const root = join(__dirname, '..', '..');
const sourceFile = join(root, 'manifest.xml');
const source = readFileSync(sourceFile, 'utf8');
const publicOrigin = 'https://addin.reports.example.com';
const production = manifestFor(source, productionOrigin(`${publicOrigin}/`), ['https://tenant.example.com/']);
// What a production build writes to dist/manifest.xml, as a file for the tools that read files.
const productionFile = join(mkdtempSync(join(tmpdir(), 'manifest-')), 'manifest.xml');
writeFileSync(productionFile, production);
const packageVersion = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

/** Every attribute value in the document, with the attribute's name. */
function attributes(xml: string): { name: string; value: string }[] {
  const found: { name: string; value: string }[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('@_')) found.push({ name: key.slice(2), value: String(value) });
        else walk(value);
      }
    }
  };
  walk(new XMLParser({ ignoreAttributes: false, removeNSPrefix: true }).parse(xml));
  return found;
}

/**
 * The manifest as Microsoft's office-addin-manifest reads it (`OfficeAddinManifest.readManifestFile`). In a child
 * Node process: the package loads ES-module-only dependencies (uuid, strip-bom) that Node requires but Jest's
 * module runtime cannot.
 */
function readManifestFile(file: string): ManifestInfo {
  const read = "require('office-addin-manifest').OfficeAddinManifest.readManifestFile(process.argv[1]).then((m) => process.stdout.write(JSON.stringify(m)))";
  return JSON.parse(execFileSync(process.execPath, ['-e', read, file], { cwd: root, encoding: 'utf8' })) as ManifestInfo;
}

function pngSize(path: string): [number, number] {
  const png = readFileSync(path);
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe.each([['source', source], ['production', production]])('the %s manifest', (_label, xml) => {
  const attrs = attributes(xml);

  it('resolves every resid to a resource', () => {
    const ids = new Set(attrs.filter((a) => a.name === 'id').map((a) => a.value));
    const resids = attrs.filter((a) => a.name === 'resid').map((a) => a.value);
    expect(resids.length).toBeGreaterThan(5);
    for (const resid of resids) expect(ids).toContain(resid);
  });

  // A resource id is at most 32 characters (https://learn.microsoft.com/javascript/api/manifest/resources).
  it('keeps every resource id within 32 characters', () => {
    for (const { name, value } of attrs) if (name === 'id' || name === 'resid') expect(value.length).toBeLessThanOrEqual(32);
  });

  it('uses https for every URL', () => {
    const urls = [...xml.matchAll(/(?:DefaultValue|Value)="(\w+:\/\/[^"]+)"|<AppDomain>([^<]+)<\/AppDomain>/g)].map((m) => m[1] ?? m[2]!);
    expect(urls.length).toBeGreaterThan(8);
    for (const url of urls) expect(new URL(url).protocol).toBe('https:');
  });

  it('points every icon at a PNG in assets/ of the size it is declared for', () => {
    const icons = [...xml.matchAll(/<(?:bt:)?Image id="Icon\.(\d+)x\1" DefaultValue="([^"]+)"/g)];
    expect(icons.map((m) => Number(m[1]))).toEqual([16, 32, 80]);
    const all = [...icons.map((m) => [Number(m[1]), m[2]!] as const),
      [32, /<IconUrl DefaultValue="([^"]+)"/.exec(xml)![1]!] as const,
      [64, /<HighResolutionIconUrl DefaultValue="([^"]+)"/.exec(xml)![1]!] as const];
    for (const [size, url] of all) {
      const file = join(root, new URL(url).pathname);
      expect(existsSync(file)).toBe(true);
      expect(pngSize(file)).toEqual([size, size]);
    }
  });

  it('asks for ReadWriteDocument and an ExcelApi requirement set, with a Home-tab button that shows the pane', () => {
    expect(xml).toContain('<Permissions>ReadWriteDocument</Permissions>');
    expect(xml).toMatch(/<Set Name="ExcelApi" MinVersion="1\.\d+"\/>/);
    expect(xml).toMatch(/<OfficeTab id="TabHome">[\s\S]*<Action xsi:type="ShowTaskpane">/);
  });

  // https://learn.microsoft.com/office/dev/add-ins/develop/configure-your-add-in-to-use-a-shared-runtime: one
  // <Runtime> with lifetime "long" naming the pane's page, which the FunctionFile and the pane also name.
  it('runs the ribbon commands in the pane\'s shared runtime, only where Excel has SharedRuntime 1.1', () => {
    const host = /<Host xsi:type="Workbook">([\s\S]*?)<\/Host>/.exec(xml)![1]!;
    expect(host).toMatch(/^\s*<Runtimes>\s*<Runtime resid="Taskpane.Url" lifetime="long"\/>\s*<\/Runtimes>/);
    expect(host).toContain('<FunctionFile resid="Taskpane.Url"/>');
    expect(host).toContain('<SourceLocation resid="Taskpane.Url"/>');
    expect(xml).toMatch(/<VersionOverrides [^>]*>\s*<Requirements>\s*<bt:Sets DefaultMinVersion="1.1">\s*<bt:Set Name="SharedRuntime" MinVersion="1.1"\/>/);
  });

  it('has a "Refresh all" button beside the pane\'s, running the function the pane associates', () => {
    const group = /<Group id="ReportSync.Group">([\s\S]*?)<\/Group>/.exec(xml)![1]!;
    const controls = [...group.matchAll(/<Control xsi:type="Button" id="([^"]+)">([\s\S]*?)<\/Control>/g)];
    expect(controls.map((c) => c[1])).toEqual(['ReportSync.OpenPane', 'ReportSync.RefreshAll']);
    expect(controls[1]![2]).toMatch(/<Action xsi:type="ExecuteFunction">\s*<FunctionName>refreshAll<\/FunctionName>\s*<\/Action>/);
    // The name the pane gives Office.actions.associate (src/excel/ribbon-commands.ts).
    expect(readFileSync(join(root, 'src', 'excel', 'ribbon-commands.ts'), 'utf8')).toContain("REFRESH_ALL_COMMAND = 'refreshAll'");
    for (const size of [16, 32, 80]) {
      const url = new RegExp(`<bt:Image id="RefreshAll.${size}x${size}" DefaultValue="([^"]+)"`).exec(xml)![1]!;
      expect(pngSize(join(root, new URL(url).pathname))).toEqual([size, size]);
    }
  });
});

// The RS functions (docs/functions.md) in the pane's shared runtime, as Microsoft's sample and the AllFormFactors and
// ExtensionPoint pages declare them: https://learn.microsoft.com/javascript/api/manifest/allformfactors,
// https://learn.microsoft.com/javascript/api/manifest/extensionpoint#customfunctions.
describe.each([
  ['source', source, DEV_ORIGIN],
  ['production', production, publicOrigin],
])('the %s manifest\'s custom functions', (_label, xml, origin) => {
  const host = /<Host xsi:type="Workbook">([\s\S]*?)<\/Host>/.exec(xml)![1]!;
  const url = (id: string) => new RegExp(`<bt:Url id="${id.replace(/\./g, '\\.')}" DefaultValue="([^"]+)"`).exec(xml)?.[1];

  it('are declared in AllFormFactors, between the shared runtime and the desktop form factor', () => {
    const at = (tag: string) => host.indexOf(tag);
    expect(at('</Runtimes>')).toBeGreaterThan(-1);
    expect(at('<AllFormFactors>')).toBeGreaterThan(at('</Runtimes>'));
    expect(at('<DesktopFormFactor>')).toBeGreaterThan(at('</AllFormFactors>'));
  });

  it('run in the task pane\'s page, with their metadata and the namespace RS', () => {
    const block = /<AllFormFactors>\s*<ExtensionPoint xsi:type="CustomFunctions">([\s\S]*?)<\/ExtensionPoint>\s*<\/AllFormFactors>/.exec(host)![1]!;
    const children = [...block.matchAll(/<(Script|Page|Metadata)>\s*<SourceLocation resid="([^"]+)"\/>|<(Namespace) resid="([^"]+)"\/>/g)]
      .map((m) => [m[1] ?? m[3], m[2] ?? m[4]]);
    expect(children).toEqual([
      ['Script', 'Functions.Script.Url'],
      ['Page', 'Taskpane.Url'],
      ['Metadata', 'Functions.Metadata.Url'],
      ['Namespace', 'Functions.Namespace'],
    ]);
    expect(xml).toMatch(/<bt:String id="Functions.Namespace" DefaultValue="RS"\/>/);
  });

  it('are at the build\'s origin: the script, the metadata, and the German metadata for de-DE', () => {
    expect(url('Functions.Script.Url')).toBe(`${origin}/functions.js`);
    expect(url('Functions.Metadata.Url')).toBe(`${origin}/functions.json`);
    expect(xml).toMatch(new RegExp(`<bt:Url id="Functions\\.Metadata\\.Url" DefaultValue="[^"]+">\\s*<bt:Override Locale="de-DE" Value="${origin.replace(/[.]/g, '\\.')}/functions-de\\.json"/>\\s*</bt:Url>`));
  });
});

// The files those URLs name are the ones the build emits (webpack.config.js, read as webpack reads it).
describe('the custom functions\' files in the build', () => {
  it('are functions.js, functions.json and functions-de.json', async () => {
    const publicUrl = process.env.ADDIN_PUBLIC_URL;
    process.env.ADDIN_PUBLIC_URL = publicOrigin;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack.config.js is CommonJS
    const makeConfig = require(join(root, 'webpack.config.js')) as (env: unknown, argv: { mode: string }) => Promise<{ plugins: object[] }>;
    const { plugins } = await makeConfig({}, { mode: 'production' });
    if (publicUrl === undefined) delete process.env.ADDIN_PUBLIC_URL;
    else process.env.ADDIN_PUBLIC_URL = publicUrl;
    // The plugins keep their options in fields their types do not expose.
    const fields = (type: abstract new (...args: never[]) => object) => plugins.find((p) => p instanceof type) as Record<string, unknown>;
    expect(fields(CustomFunctionsMetadataPlugin).options).toEqual({ output: 'functions.json', input: join(root, 'src', 'functions', 'functions.ts') });
    expect(fields(LocalizedFunctionsMetadataPlugin).options).toMatchObject({ from: 'functions.json', to: 'functions-de.json' });
    expect(fields(CopyWebpackPlugin).patterns).toContainEqual(expect.objectContaining({ from: 'src/functions/functions-script.js', to: 'functions.js' }));
    expect(existsSync(join(root, 'src', 'functions', 'functions-script.js'))).toBe(true);
  });
});

// Microsoft's own reader (office-addin-manifest, as Office's tooling reads a manifest) sees the add-in we mean to ship.
describe.each([
  ['source', sourceFile, DEV_ORIGIN],
  ['production', productionFile, publicOrigin],
])('the %s manifest as office-addin-manifest reads it', (_label, file, origin) => {
  it('is the Report Sync task pane for workbooks, at the origin of its build', () => {
    expect(readManifestFile(file)).toMatchObject({
      manifestType: 'xml',
      officeAppType: 'TaskPaneApp',
      // The id is the add-in's identity in Office and the catalogue: every build keeps it.
      id: '6c1f3a52-8e0d-4b7a-9c2e-3f5d7a1b9e40',
      // Office wants four parts; the first three follow package.json.
      version: `${packageVersion}.0`,
      providerName: 'Report Sync',
      defaultLocale: 'en-US',
      displayName: 'Report Sync',
      hosts: ['Workbook'],
      permissions: 'ReadWriteDocument',
      // The reader reports only the first AppDomain, the add-in's own; the platform's is checked below.
      appDomains: [origin],
      iconUrl: `${origin}/assets/icon-32.png`,
      highResolutionIconUrl: `${origin}/assets/icon-64.png`,
      supportUrl: `${origin}/support.html`,
      defaultSettings: { sourceLocation: `${origin}/taskpane.html` },
    });
  });
});

describe('manifest URLs per build', () => {
  it('swaps only the dev origin for the public one, and refuses a non-https public URL', () => {
    expect(source).toContain(DEV_ORIGIN);
    expect(production).not.toContain(DEV_ORIGIN);
    expect(production).toContain('https://addin.reports.example.com/taskpane.html');
    expect(() => productionOrigin('http://addin.reports.example.com')).toThrow(/https/);
  });

  it("adds the platform's host as an AppDomain, so the sign-in dialog may open its page", () => {
    expect(production).toMatch(/<AppDomain>https:\/\/addin\.reports\.example\.com<\/AppDomain>\s*<AppDomain>https:\/\/tenant\.example\.com<\/AppDomain>/);
    expect(() => manifestFor(source, DEV_ORIGIN, ['http://tenant.example.com'])).toThrow(/https/);
  });

  it('the 128 px catalogue icon exists alongside the ribbon icons', () => {
    expect(pngSize(join(root, 'assets', 'icon-128.png'))).toEqual([128, 128]);
  });

  const xmllint = (() => {
    try {
      execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
      return existsSync(SHARED_SCHEMA);
    } catch {
      return false;
    }
  })();
  // CI installs xmllint (.ci/run); without it, .ci/run's own schema check of manifest.xml is the guard.
  (xmllint ? it : it.skip)('the source and production manifests validate offline', () => {
    expect(checkManifestOffline(sourceFile).valid).toBe(true);
    expect(checkManifestOffline(productionFile).valid).toBe(true);
  });

  // Said plainly: ../shared's schemas date from 2020 and refuse the shared runtime's element, and nothing else.
  (xmllint ? it : it.skip)("../shared's schemas refuse only <Runtimes>, which they predate", () => {
    const errors = schemaErrors(SHARED_SCHEMA, sourceFile);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Element '{http://schemas.microsoft.com/office/taskpaneappversionoverrides}Runtimes': This element is not expected.");
  });

  // The schema added to ../shared's accepts <Runtimes> as [MS-OWEMXML] and the Runtime page describe it, and no more.
  (xmllint ? it : it.skip)('the schema refuses a Runtime Microsoft documents no such way', () => {
    const refused = (from: string, to: string) => {
      const file = join(dirname(productionFile), 'runtime.xml');
      writeFileSync(file, source.replace(from, to));
      const errors = schemaErrors(CURRENT_SCHEMA, file);
      return errors.length ? errors.join('\n') : null;
    };
    expect(refused('lifetime="long"', 'lifetime="forever"')).toMatch(/'forever' is not an element of the set \{'short', 'long'\}/);
    expect(refused('<Runtime resid="Taskpane.Url" lifetime="long"/>', '')).toMatch(/Runtimes.*Missing child element/);
    expect(refused('<Runtime resid="Taskpane.Url"', '<Runtime resid="Taskpane.Url.ThatIsLongerThan32Chars"')).toMatch(/maxLength/);
    expect(refused('<Runtimes>', '<Runtimes name="x">')).toMatch(/attribute 'name' is not allowed/);
  });

  // [MS-OWEMXML]'s Host: Runtimes?, AllFormFactors?, then Workbook's DesktopFormFactor?; the order Microsoft's docs use.
  (xmllint ? it : it.skip)('the schema takes the Host children in Microsoft\'s order only', () => {
    const allFormFactors = /\s*<AllFormFactors>[\s\S]*?<\/AllFormFactors>/.exec(source)![0];
    const without = source.replace(allFormFactors, '');
    const errors = (xml: string) => {
      const file = join(dirname(productionFile), 'host-order.xml');
      writeFileSync(file, xml);
      return schemaErrors(CURRENT_SCHEMA, file).join('\n');
    };
    expect(errors(source)).toBe('');
    expect(errors(without.replace('</DesktopFormFactor>', `</DesktopFormFactor>${allFormFactors}`))).toMatch(/Element '\{[^}]+\}AllFormFactors': This element is not expected/);
    expect(errors(without.replace(/(\s*)<Runtimes>/, `${allFormFactors}$1<Runtimes>`))).toMatch(/Element '\{[^}]+\}Runtimes': This element is not expected/);
    expect(errors(source.replace(/<Script>([\s\S]*?)<\/Script>(\s*)<Page>([\s\S]*?)<\/Page>/, '<Page>$3</Page>$2<Script>$1</Script>'))).toMatch(/Element '\{[^}]+\}Page': This element is not expected\. Expected is \( \{[^}]+\}Script \)/);
    // AllFormFactors holds the custom functions only (the AllFormFactors page, [MS-OWEMXML]).
    expect(errors(source.replace('<ExtensionPoint xsi:type="CustomFunctions">', '<ExtensionPoint xsi:type="PrimaryCommandSurface">'))).not.toBe('');
  });

  // A manifest that does not parse never reaches Microsoft's service, so this runs the same online and offline.
  (xmllint ? it : it.skip)('npm run validate fails a manifest that is not XML, by the offline check', () => {
    const file = join(dirname(productionFile), 'truncated.xml');
    writeFileSync(file, source.slice(0, 400));
    const run = spawnSync(process.execPath, [join(root, 'scripts', 'validate-manifest.mjs'), file], { cwd: root, encoding: 'utf8' });
    expect(run.stdout).toContain("Microsoft's online validation could not run (Unable to parse the manifest file");
    expect(run.stdout).toContain('NOT valid (offline schema check)');
    expect(run.status).toBe(1);
  });
});
