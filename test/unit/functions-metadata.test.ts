import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCustomFunctionsMetadata, type IGenerateResult } from 'custom-functions-metadata';
import webpack from 'webpack';
import { type FunctionsMetadata, localizedMetadata, typeScriptExports } from '../../scripts/functions-metadata';
import { functionsDe } from '../../src/functions/functions-de';

/**
 * The RS functions' metadata as the build writes it: functions.json from Microsoft's generator (what
 * custom-functions-metadata-plugin runs on src/functions/functions.ts), functions-de.json from it and the German table.
 * Expected values are written by hand from functions.ts and Microsoft's docs.
 */
const root = join(__dirname, '..', '..');
const functionsFile = join(root, 'src', 'functions', 'functions.ts');

let generated: IGenerateResult;
let english: FunctionsMetadata;
let german: FunctionsMetadata;
beforeAll(async () => {
  // The plugin's call (`wantConsoleOutput` true): errors are returned, not thrown.
  generated = await generateCustomFunctionsMetadata(functionsFile, true);
  english = JSON.parse(generated.metadataJson) as FunctionsMetadata;
  german = localizedMetadata(english, functionsDe);
});

/** What Excel sees of a function apart from its words: id, parameter kinds, result. */
const shape = (metadata: FunctionsMetadata) => metadata.functions.map((f) => ({
  id: f.id,
  parameters: f.parameters.map(({ name: _name, description: _description, ...kind }) => kind),
  result: f.result,
  options: f.options,
}));

const everyName = (metadata: FunctionsMetadata) => metadata.functions.flatMap((f) => [f.name, ...f.parameters.map((p) => p.name)]);
const everyDescription = (metadata: FunctionsMetadata) => metadata.functions.flatMap((f) => [f.description, ...f.parameters.map((p) => p.description)]);

describe('functions.json, as Microsoft generates it from functions.ts', () => {
  it('is generated without errors, and each function is associated by its exported name', () => {
    expect(generated.errors).toEqual([]);
    expect(generated.associate.map(({ id, functionName }) => [id, functionName])).toEqual([
      ['RS_VALUE', 'value'],
      ['RS_REPORT', 'report'],
      ['RS_MEMBERS', 'members'],
    ]);
  });

  it('declares RS.VALUE, RS.REPORT and RS.MEMBERS under their fixed ids', () => {
    expect(english.functions.map((f) => [f.id, f.name])).toEqual([['RS_VALUE', 'VALUE'], ['RS_REPORT', 'REPORT'], ['RS_MEMBERS', 'MEMBERS']]);
  });

  // https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-json: `repeating` and `matrix` for the
  // member/value pairs (`any[][][]`: each item may be a range or array constant, a set of members; "Declaring repeating
  // parameters" in custom-functions-parameter-options asks for both), `optional` for `x?:`, and a `matrix` result for the results that spill; a scalar
  // dimensionality and a non-repeating parameter are left out, and `number | string` is type any (also left out).
  it('gives each parameter its type, optional and repeating, and REPORT and MEMBERS matrix results', () => {
    expect(shape(english)).toEqual([
      {
        id: 'RS_VALUE',
        parameters: [{ type: 'string' }, { type: 'any', dimensionality: 'matrix', repeating: true }],
        result: {},
        // The calling cell's address (`@requiresAddress`), so the pane can format it where Excel shows no formatted
        // numbers (https://learn.microsoft.com/javascript/api/custom-functions-runtime/customfunctions.invocation).
        options: { requiresAddress: true },
      },
      {
        id: 'RS_REPORT',
        parameters: [{ type: 'string' }, { type: 'boolean', optional: true }, { type: 'string', optional: true }],
        result: { dimensionality: 'matrix' },
        options: { requiresAddress: true },
      },
      {
        id: 'RS_MEMBERS',
        parameters: [{ type: 'string' }, { type: 'any', dimensionality: 'matrix', repeating: true }],
        result: { dimensionality: 'matrix' },
        options: undefined,
      },
    ]);
    expect(english.functions.map((f) => f.parameters.map((p) => p.name))).toEqual([
      ['measure', 'memberValuePairs'],
      ['report', 'headers', 'deployment'],
      ['dimension', 'memberValuePairs'],
    ]);
  });

  // https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-parameter-options#repeating-parameters
  it('has at most one repeating parameter per function, and it is the last', () => {
    for (const f of english.functions) expect(f.parameters.slice(0, -1).filter((p) => p.repeating)).toEqual([]);
  });
});

describe('functions-de.json, written from functions.json and the German table', () => {
  it('is the same functions with the same parameters, in the same order: only the words differ', () => {
    expect(shape(german)).toEqual(shape(english));
    expect(german.allowCustomDataForDataTypeAny).toBe(english.allowCustomDataForDataTypeAny);
  });

  it('names the functions WERT, BERICHT and ELEMENTE, with German parameter names', () => {
    expect(german.functions.map((f) => [f.id, f.name])).toEqual([['RS_VALUE', 'WERT'], ['RS_REPORT', 'BERICHT'], ['RS_MEMBERS', 'ELEMENTE']]);
    expect(german.functions.map((f) => f.parameters.map((p) => p.name))).toEqual([
      ['Kennzahl', 'Feld_und_Wert'],
      ['Bericht', 'Überschriften', 'Bereitstellung'],
      ['Merkmal', 'Feld_und_Wert'],
    ]);
  });

  it('has every name and description, none left in English', () => {
    const pairs = [...everyName(german).map((word, i) => [word, everyName(english)[i]]),
      ...everyDescription(german).map((word, i) => [word, everyDescription(english)[i]])];
    for (const [word, englishWord] of pairs) {
      expect(word?.trim()).toBeTruthy();
      expect(word!.toLowerCase()).not.toBe(englishWord!.toLowerCase());
    }
  });

  it('is built from the table as webpack.config.js reads it', () => {
    expect(typeScriptExports(join(root, 'src', 'functions', 'functions-de.ts')).functionsDe).toEqual(functionsDe);
  });

  it('is refused when the table and functions.json do not name the same functions and parameters', () => {
    const { RS_MEMBERS: _members, ...withoutMembers } = functionsDe;
    expect(() => localizedMetadata(english, withoutMembers)).toThrow(/untranslated RS_MEMBERS/);
    expect(() => localizedMetadata(english, { ...functionsDe, RS_SUM: functionsDe.RS_VALUE! })).toThrow(/not in functions.json RS_SUM/);
    const shortReport = { ...functionsDe.RS_REPORT!, parameters: functionsDe.RS_REPORT!.parameters.slice(0, 2) };
    expect(() => localizedMetadata(english, { ...functionsDe, RS_REPORT: shortReport })).toThrow(/RS_REPORT has 3 parameters; the translation table gives 2/);
  });
});

// https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-naming: an id and a name start with a letter
// and have at least 3 characters; an id has only A–Z, 0–9, _ and .; a name has only letters, _ and ., at most 128
// (the generator's own limit, parseTree.ts). Excel names are not case-sensitive, so two names that differ only in
// case clash.
describe.each([['functions.json', () => english], ['functions-de.json', () => german]])('%s', (_file, metadata) => {
  it("follows Microsoft's naming rules for ids and names", () => {
    for (const f of metadata().functions) {
      expect(f.id).toMatch(/^[A-Z][A-Z0-9_.]{2,}$/);
      expect(f.name).toMatch(/^\p{L}[\p{L}_.]{2,127}$/u);
    }
  });

  it('has no two functions with the same id or name, nor two parameters of a function with the same name', () => {
    const unique = (words: string[]) => new Set(words.map((w) => w.toUpperCase())).size === words.length;
    expect(unique(metadata().functions.map((f) => f.id))).toBe(true);
    expect(unique(metadata().functions.map((f) => f.name))).toBe(true);
    for (const f of metadata().functions) expect(unique(f.parameters.map((p) => p.name))).toBe(true);
  });

  // Our rule, not Microsoft's: a parameter name reads like Excel's own in the formula tooltip (Bereich_Verweis).
  it('names each parameter with letters and _ only', () => {
    for (const f of metadata().functions) for (const p of f.parameters) expect(p.name).toMatch(/^\p{L}[\p{L}_]*$/u);
  });
});

// The build's own plugins and loader rule (webpack.config.js) on a bundle that imports functions.ts, as the pane's does.
describe('the build', () => {
  const output = mkdtempSync(join(tmpdir(), 'functions-build-'));
  afterAll(() => rmSync(output, { recursive: true, force: true }));

  it('emits functions.json and functions-de.json, and associates each function where functions.ts is bundled', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack.config.js is CommonJS
    const makeConfig = require(join(root, 'webpack.config.js')) as (env: unknown, argv: { mode: string }) => Promise<webpack.Configuration>;
    // A production build's configuration, for a public URL (without one it warns that the manifest keeps localhost).
    const publicUrl = process.env.ADDIN_PUBLIC_URL;
    process.env.ADDIN_PUBLIC_URL = 'https://addin.reports.example.com';
    const project = await makeConfig({}, { mode: 'production' }).finally(() => {
      if (publicUrl === undefined) delete process.env.ADDIN_PUBLIC_URL;
      else process.env.ADDIN_PUBLIC_URL = publicUrl;
    });
    const metadataPlugins = project.plugins!.filter((p) => p && /FunctionsMetadataPlugin$/.test(p.constructor.name));
    expect(metadataPlugins).toHaveLength(2);
    const stats = await new Promise<webpack.Stats>((resolve, reject) => {
      webpack({
        mode: 'development',
        devtool: false,
        context: root,
        entry: { pane: './src/functions/functions.ts' },
        output: { path: output },
        resolve: project.resolve,
        module: project.module,
        plugins: metadataPlugins,
      }, (error, result) => (error ? reject(error) : resolve(result!)));
    });
    expect(stats.toJson({ all: false, errors: true }).errors).toEqual([]);
    const emitted = (file: string) => readFileSync(join(output, file), 'utf8');
    expect(JSON.parse(emitted('functions.json'))).toEqual(english);
    expect(JSON.parse(emitted('functions-de.json'))).toEqual(german);
    const associations = [...emitted('pane.js').matchAll(/CustomFunctions\.associate\("(\w+)", (\w+)\);/g)].map((m) => [m[1], m[2]]);
    expect(associations).toEqual([['RS_VALUE', 'value'], ['RS_REPORT', 'report'], ['RS_MEMBERS', 'members']]);
  }, 60_000);
});
