import type { FunctionArg } from 'fast-formula-parser';
import { formulaError } from './formula-values';

/**
 * SEQUENCE(rows, [columns], [start], [step]), which fast-formula-parser 1.0.19 lacks: a rows × columns array of
 * numbers counting from `start` by `step`, row by row
 * (https://support.microsoft.com/office/sequence-function-57467a98-57e0-4817-9f14-2eb78519ca90).
 */
export function SEQUENCE(...args: FunctionArg[]): number[][] {
  const number = (index: number, fallback: number): number => {
    const arg = args[index];
    if (!arg || arg.omitted) return fallback;
    const value = arg.value === null || arg.value === '' ? fallback : Number(arg.value);
    if (Number.isNaN(value)) throw formulaError('#VALUE!');
    return value;
  };
  if (args.length < 1 || args.length > 4) throw formulaError('#VALUE!');
  const rows = Math.trunc(number(0, 1));
  const columns = Math.trunc(number(1, 1));
  const start = number(2, 1);
  const step = number(3, 1);
  // An empty array is #CALC! (https://support.microsoft.com/office/how-to-correct-a-calc-error-f4ac6ae4-8f28-4e8b-a6ec-e7df0d6dc8d3 [address from memory]).
  if (rows < 1 || columns < 1) throw formulaError('#CALC!');
  return Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => start + (r * columns + c) * step));
}
