/// <reference types="custom-functions-runtime" />
import { join } from 'node:path';
import { generateCustomFunctionsMetadata } from 'custom-functions-metadata';
import * as rsFunctions from '../../src/functions/functions';
import { connectCustomFunctions, type ExcelHost, type FunctionsMetadata, type RuntimeAddInFunctions } from '../../workbench/excel-host';

/** Microsoft's metadata for src/functions/functions.ts, generated as the build's plugin does (once per test file). */
let metadata: Promise<FunctionsMetadata> | null = null;
function rsMetadata(): Promise<FunctionsMetadata> {
  metadata ??= generateCustomFunctionsMetadata(join(__dirname, '..', '..', 'src', 'functions', 'functions.ts'), true).then((generated) => {
    if (generated.errors.length) throw new Error(`functions.ts: ${generated.errors.join('; ')}`);
    return JSON.parse(generated.metadataJson) as FunctionsMetadata;
  });
  return metadata;
}

/**
 * The add-in's RS functions in the emulated Excel: associated by id as the metadata plugin's loader appends it to
 * functions.ts, carried out by Office.js's own custom-functions runtime, and called by the emulator's formula engine.
 */
export async function installRsFunctions(host: ExcelHost): Promise<RuntimeAddInFunctions> {
  const functions = await rsMetadata();
  const exported = rsFunctions as Record<string, unknown>;
  for (const fn of functions.functions) {
    // The generator names each function's id after `@customfunction`; the export is the function of that name.
    const implementation = Object.values(exported).find((f) => typeof f === 'function' && functionId(f as { name: string }, functions) === fn.id);
    if (!implementation) throw new Error(`No export of functions.ts for ${fn.id}`);
    CustomFunctions.associate(fn.id, implementation as (...args: unknown[]) => unknown);
  }
  const connected = connectCustomFunctions(host, globalThis, functions, 'RS');
  host.model.calculation.addInFunctions = connected;
  await connected.whenReady();
  return connected;
}

/** functions.ts names each function after its Excel name in lower case (value → VALUE). */
function functionId(fn: { name: string }, functions: FunctionsMetadata): string | undefined {
  return functions.functions.find((f) => f.name.toLowerCase() === fn.name.toLowerCase())?.id;
}
