import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The boundaries are lint rules (eslint.config.mjs): planted imports across them are reported with the boundary's
 * words, and the imports the architecture allows are not. The planted files do not exist; they are linted at
 * their paths, importing real files, by test/support/lint-planted.mjs in a Node process of its own.
 */
const ROOT = join(__dirname, '..', '..');
const BOUNDARY_RULES = new Set(['import-x/no-restricted-paths', '@typescript-eslint/no-restricted-imports', 'import-x/no-cycle']);

interface Planted {
  filePath: string;
  code: string | null;
}
interface Linted {
  filePath: string;
  messages: { line: number; ruleId: string | null; message: string }[];
}

const VIEW = 'A view may not import Excel code, a client, the platform, the workbook, the session or the add-in\'s storage';
const WORKBENCH = 'The workbench may import only the task pane\'s mount';

/** Each planted file, its code, and the boundary message expected on each line (in order); [] when allowed. */
const cases: { filePath: string; code: string; expected: string[] }[] = [
  { filePath: 'src/taskpane/views/planted-view.tsx', code: "import { tableRange } from '../../excel/tables';", expected: [VIEW] },
  { filePath: 'src/taskpane/views/chat/planted-chat.tsx', code: "import { ChatClient } from '../../../client/chat-client';", expected: [VIEW] },
  { filePath: 'src/taskpane/views/planted-types.tsx', code: "import type { Connection } from '../../session/connection';", expected: [VIEW] },
  {
    filePath: 'src/taskpane/views/planted-ports.tsx',
    code: "import { CalculationPort } from '../../ports/calculation';\nimport type { PaneHost } from '../../ports/pane-host';\nimport { WriteFailedError } from '../../ports/errors';",
    expected: ['A view may import types of src/ports and its typed errors'],
  },
  { filePath: 'src/taskpane/views/planted-settings.tsx', code: "import { loadSettings } from '../../storage/settings-storage';", expected: [VIEW] },
  { filePath: 'src/taskpane/planted-storage.ts', code: "import { listing } from '../workbook/listing';\nimport { reports } from '../platform/platform-reports';", expected: [VIEW, VIEW] },
  {
    filePath: 'src/taskpane/views/planted-words.tsx',
    code: [
      "import { ApiError } from '../../client/errors';",
      "import { ChatError } from '../../client/chat-errors';",
      "import { CubeApiError } from '../../session/cube-api/cube-api-errors';",
      "import { WorkbookError } from '../../workbook/errors';",
      "import { createPane } from '../../pane/create-pane';",
      "import { parseRect } from '../../core/a1';",
    ].join('\n'),
    expected: [],
  },
  { filePath: 'src/taskpane/mount-planted.tsx', code: "import { tableRange } from '../excel/tables';\nimport { Connection } from '../session/connection';", expected: [] },
  { filePath: 'src/placements/planted-use-case.ts', code: "import { http } from '../client/http';", expected: ['src/placements may import only'] },
  { filePath: 'src/monitoring/planted-use-case.ts', code: "import { tableRange } from '../excel/tables';\nimport type { Connection } from '../session/connection';", expected: ['src/monitoring may import only', 'src/monitoring may import only'] },
  { filePath: 'src/chat/planted-use-case.ts', code: "import { ChatClient } from '../client/chat-client';\nimport { createPane } from '../pane/create-pane';", expected: ['src/chat may import only', 'src/chat may import only'] },
  { filePath: 'src/builder/planted-use-case.ts', code: "import { ApiError } from '../client/errors';\nimport { grid } from '../layout/grid';\nimport { placing } from '../placements/placing';", expected: [] },
  { filePath: 'src/core/planted-core.ts', code: "import { PortError } from '../ports/errors';\nimport { ApiError } from '../client/errors';\nimport { grid } from '../layout/grid';", expected: ['src/core may import only src/contract', 'src/core may import only src/contract', 'src/core may import only src/contract'] },
  { filePath: 'src/core/planted-pure.ts', code: "import { report } from '../contract/report';", expected: [] },
  { filePath: 'src/layout/planted-layout.ts', code: "import { PortError } from '../ports/errors';\nimport { parseRect } from '../core/a1';", expected: ['src/layout may import only src/contract, src/core'] },
  { filePath: 'workbench/planted-workbench.tsx', code: "import { placing } from '../src/placements/placing';\nimport { App } from '../src/taskpane/App';", expected: [WORKBENCH, WORKBENCH] },
  { filePath: 'workbench/grid/planted-grid.tsx', code: "import { grid } from '../../src/layout/grid';\nimport { PortError } from '../../src/ports/errors';", expected: [WORKBENCH, 'The workbench may import types of src/ports only'] },
  {
    filePath: 'workbench/planted-mount.tsx',
    code: "import { mountPane } from '../src/taskpane/mount';\nimport { parseRect } from '../src/core/a1';\nimport type { report } from '../src/contract/report';\nimport type { PaneHost } from '../src/ports/pane-host';",
    expected: [],
  },
  { filePath: 'workbench/excel-host/planted-host.ts', code: "import type { PaneHost } from '../../src/ports/pane-host';\nimport { parseRect } from '../../src/core/a1';", expected: ['The host emulator follows Microsoft\'s documentation'] },
  { filePath: 'server/planted-server.ts', code: "import { http } from '../src/client/http';\nimport { report } from '../src/contract/report';", expected: ['server/ may import only src/contract and src/core'] },
];

const VOID_WHY = 'This `void` discards a promise without saying why';
const voidCode = [
  'declare const save: () => Promise<void>;',
  'void save();',
  '// Fire and forget: the store shows its own failures.',
  'void save();',
  'void save(); // Fire and forget: the store shows its own failures.',
  'save().then(() => 1).catch((error: unknown) => error); // a comment about the line above the next void',
  'void save();',
  'export const nothing = void 0;',
  '// eslint-disable-next-line no-restricted-syntax',
  'void save().catch(() => undefined);',
  '// eslint-disable-next-line no-restricted-syntax -- nothing is lost: the store shows its own failures.',
  'void save().catch(() => undefined);',
].join('\n');

const voidInJsx = [
  'declare const save: () => Promise<void>;',
  'export const buttons = (',
  '  <div>',
  '    {/* Fire and forget: the store shows its own failures. */}',
  '    <button onClick={() => void save()} />',
  '    <button onClick={() => void save()} />',
  '  </div>',
  ');',
].join('\n');

function lint(planted: Planted[]): Linted[] {
  const output = execFileSync(process.execPath, [join(ROOT, 'test/support/lint-planted.mjs')], { cwd: ROOT, input: JSON.stringify(planted), encoding: 'utf8', timeout: 90_000 });
  return JSON.parse(output) as Linted[];
}

describe('lint: the boundaries and the why of a void', () => {
  let linted: Map<string, Linted>;
  beforeAll(() => {
    const planted: Planted[] = [
      ...cases.map(({ filePath, code }) => ({ filePath, code })),
      { filePath: 'src/session/planted-void.ts', code: voidCode },
      { filePath: 'src/taskpane/views/planted-void.tsx', code: voidInJsx },
      { filePath: 'test/fixtures/lint/cycle-a.ts', code: null },
    ];
    linted = new Map(lint(planted).map((result) => [result.filePath, result]));
  }, 90_000);

  const messagesOf = (filePath: string) => {
    const result = linted.get(filePath)!;
    expect(result.messages.filter((m) => m.ruleId === null)).toEqual([]); // no parsing error
    return result.messages;
  };

  it.each(cases)('$filePath: reports exactly the imports that cross a boundary', ({ filePath, expected }) => {
    const boundaries = messagesOf(filePath).filter((m) => BOUNDARY_RULES.has(m.ruleId!));
    expect(boundaries.map((m) => m.message)).toEqual(expected.map((words) => expect.stringContaining(words)));
  });

  it('reports a void that discards a promise unless a comment on its line or the line above (a directive\'s description too) says why', () => {
    const reported = messagesOf('src/session/planted-void.ts').filter((m) => m.ruleId === 'local/void-says-why');
    expect(reported.map((m) => m.line)).toEqual([2, 7, 10]);
    expect(reported[0]!.message).toContain(VOID_WHY);
    const inJsx = messagesOf('src/taskpane/views/planted-void.tsx').filter((m) => m.ruleId === 'local/void-says-why');
    expect(inJsx.map((m) => m.line)).toEqual([6]);
  });

  it('reports an import circle', () => {
    const reported = messagesOf('test/fixtures/lint/cycle-a.ts').filter((m) => m.ruleId === 'import-x/no-cycle');
    expect(reported.map((m) => m.line)).toEqual([2]);
  });
});
