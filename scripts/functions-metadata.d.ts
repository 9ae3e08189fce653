import type { Compiler } from 'webpack';
import type { LocalizedFunction } from '../src/functions/functions-de';

/** functions.json as custom-functions-metadata generates it (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-json). */
export interface FunctionsMetadata {
  allowCustomDataForDataTypeAny?: boolean;
  functions: {
    id: string;
    name: string;
    description?: string;
    parameters: { name: string; description?: string; type?: string; dimensionality?: string; optional?: boolean; repeating?: boolean }[];
    result: { type?: string; dimensionality?: string };
    options?: Record<string, boolean>;
  }[];
}

export function localizedMetadata(metadata: FunctionsMetadata, translations: Record<string, LocalizedFunction>): FunctionsMetadata;
export function typeScriptExports(file: string): Record<string, unknown>;
export class LocalizedFunctionsMetadataPlugin {
  constructor(options: { from: string; to: string; translations: string; exportName: string });
  apply(compiler: Compiler): void;
}
