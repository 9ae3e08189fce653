// The parts of fast-formula-parser 1.0.19 (MIT, plain JavaScript without types) the engine uses; see its README.
declare module 'fast-formula-parser' {
  /** 1-based, as the library numbers rows and columns. */
  export interface CellRef {
    sheet?: string;
    row: number;
    col: number;
  }
  export interface RangeRef {
    sheet?: string;
    from: { row: number; col: number };
    to: { row: number; col: number };
  }
  /** An argument as a function of `functions` receives it (references already read). */
  export interface FunctionArg {
    value: unknown;
    isArray: boolean;
    isRangeRef?: boolean;
    isCellRef?: boolean;
    omitted?: boolean;
  }
  export interface Position {
    sheet: string;
    row: number;
    col: number;
  }

  export class FormulaError extends Error {
    constructor(error: string, message?: string, details?: unknown);
    readonly error: string;
    readonly details: unknown;
  }

  /** What a defined name refers to, as `onVariable` answers (null: no such name). */
  export type VariableRef = CellRef | RangeRef | null;

  interface ParserConfig {
    functions?: Record<string, (...args: FunctionArg[]) => unknown>;
    onVariable?: (name: string, sheetName: string) => VariableRef;
    onCell?: (ref: CellRef) => unknown;
    onRange?: (ref: RangeRef) => unknown[][];
  }

  class FormulaParser {
    constructor(config?: ParserConfig);
    /** Built-in and configured functions by upper-case name; replaceable. */
    functions: Record<string, ((...args: FunctionArg[]) => unknown) | undefined>;
    position: Position | undefined;
    parse(formula: string, position: Position, allowReturnArray?: boolean): unknown;
    checkFormulaResult(result: unknown, allowReturnArray?: boolean): unknown;
    getCell(ref: CellRef): unknown;
    static FormulaError: typeof FormulaError;
    static DepParser: typeof DepParser;
    /** The helpers the built-in functions share (one object, so replacing a method replaces it for them). */
    static FormulaHelpers: { flattenDeep(rows: unknown[]): unknown[] };
  }

  export class DepParser {
    onVariable: (name: string, sheetName: string) => VariableRef;
    parse(formula: string, position: Position): (CellRef | RangeRef)[];
  }

  export default FormulaParser;
}

declare module 'fast-formula-parser/grammar/lexing' {
  export interface Token {
    image: string;
    startOffset: number;
    tokenType: { name: string };
  }
  /** Throws the library's #ERROR! when the text does not lex. */
  export function lex(text: string): { tokens: Token[] };
}
