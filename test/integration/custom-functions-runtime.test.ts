/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
/// <reference types="custom-functions-runtime" />
import type { AddInCall } from '../../workbench/excel-host/calc/add-in-functions';
import { connectCustomFunctions, type FunctionsMetadata, type HostRequest, type RuntimeAddInFunctions } from '../../workbench/excel-host';
import { invokeAll } from '../support/add-in-calls';
import { installWorkbook } from '../support/excel';

/**
 * The add-in's custom functions carried out by Microsoft's own custom-functions runtime (inside Office.js's
 * excel-web-16.00.js), which the emulator drives as Excel does. Expectations come from the functions below and from
 * Microsoft's documentation:
 * [ERR]  https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-errors (CustomFunctions.Error with
 *        ErrorCode.notAvailable shows #N/A with the message; messages only for #VALUE! and #N/A; an unhandled
 *        exception shows #VALUE!)
 * [REP]  https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-parameter-options#repeating-parameters
 *        (a repeating parameter's values arrive as one array)
 * [ARR]  https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-dynamic-arrays (a 2-D array result spills)
 * [BAT]  https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-batching (Excel sends the calls of one
 *        calculation together)
 * [RT]   docs/research/custom-functions.md §4 (handshake `_SetOsfControlContainerReadyForCustomFunctions`, results in
 *        `SetInvocationArrayResults` 50 ms after the first, then at most every 500 ms)
 */

jest.setTimeout(30_000);

const METADATA: FunctionsMetadata = {
  functions: [
    { id: 'TEST_ADD', name: 'ADD', parameters: [{ name: 'first' }, { name: 'second' }] },
    { id: 'TEST_SHOUT', name: 'SHOUT', parameters: [{ name: 'text' }] },
    { id: 'TEST_GRID', name: 'GRID', parameters: [{ name: 'rows' }, { name: 'columns' }], result: { dimensionality: 'matrix' } },
    { id: 'TEST_SIGNED_IN', name: 'SIGNEDIN', parameters: [] },
    { id: 'TEST_BROKEN', name: 'BROKEN', parameters: [] },
    { id: 'TEST_TOTAL', name: 'TOTAL', parameters: [{ name: 'values', repeating: true }] },
    { id: 'TEST_RATIO', name: 'RATIO', parameters: [{ name: 'numerator' }, { name: 'denominator' }] },
    { id: 'TEST_CHECKED', name: 'CHECKED', parameters: [{ name: 'measure' }] },
    { id: 'TEST_REJECTED', name: 'REJECTED', parameters: [] },
  ],
};
const SIGN_IN_MESSAGE = 'Sign in to Report Sync to see this value.';
const UNKNOWN_MEASURE_MESSAGE = 'No measure orders.revnue.';

/** The add-in's side: what its functions module does, `CustomFunctions.associate(id, fn)` per function. */
function associateTestFunctions(): void {
  CustomFunctions.associate('TEST_ADD', (first: number, second: number) => first + second);
  CustomFunctions.associate('TEST_SHOUT', async (text: string) => {
    await new Promise((resolve) => setTimeout(resolve, 10));
    return `${text.toUpperCase()}!`;
  });
  CustomFunctions.associate('TEST_GRID', (rows: number, columns: number) => Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => r * 10 + c)));
  CustomFunctions.associate('TEST_SIGNED_IN', () => {
    throw new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, SIGN_IN_MESSAGE);
  });
  CustomFunctions.associate('TEST_BROKEN', () => {
    throw new Error('The cube is gone.');
  });
  CustomFunctions.associate('TEST_TOTAL', (values: number[]) => values.reduce((sum, value) => sum + value, 0));
  CustomFunctions.associate('TEST_CHECKED', async (measure: string) => {
    throw new CustomFunctions.Error(CustomFunctions.ErrorCode.invalidValue, `No measure ${measure}.`);
  });
  CustomFunctions.associate('TEST_REJECTED', () => Promise.reject(new Error('The request timed out.')));
  // Returned, not thrown: the runtime sends the error as a value ([RT]).
  CustomFunctions.associate('TEST_RATIO', (numerator: number, denominator: number) => (denominator === 0 ? new CustomFunctions.Error(CustomFunctions.ErrorCode.divisionByZero) : numerator / denominator));
}


interface RichApiMessage {
  entries: { messageCategory: number; messageType: number; message: string }[];
}
interface RichApiChannel {
  send(message: RichApiMessage): void;
}
const richApiChannel = () => (globalThis as unknown as { OSF: { DDA: { RichApi: { richApiMessageManager: RichApiChannel } } } }).OSF.DDA.RichApi.richApiMessageManager;

/** Records the messages sent to the runtime as sent (the runtime parses each entry's message in place). */
function recordMessages() {
  const channel = richApiChannel();
  const send = channel.send.bind(channel);
  const sent: { messageCategory: number; messageType: number; message: unknown[] }[][] = [];
  const spy = jest.spyOn(channel, 'send').mockImplementation((message) => {
    sent.push(message.entries.map((entry) => ({ messageCategory: entry.messageCategory, messageType: entry.messageType, message: JSON.parse(entry.message) as unknown[] })));
    send(message);
  });
  return { sent, restore: () => spy.mockRestore() };
}
const methodNames = (request: HostRequest) => request.body.Actions.filter((action) => action.ActionType === 3).map((action) => action.Name);

const requests: HostRequest[] = [];
const host = installWorkbook({ onRequest: (request) => requests.push(request) });
associateTestFunctions();
let functions: RuntimeAddInFunctions;

describe("custom functions through Office.js's runtime", () => {
  it('starts the runtime, which tells the host it is ready; calls made before wait for it', async () => {
    const messages = recordMessages();
    functions = connectCustomFunctions(host, globalThis, METADATA, 'TEST');
    const answered = invokeAll(functions, [{ id: 'TEST_ADD', args: [1, 2], address: 'Sheet1!A1' }]);
    expect(messages.sent).toEqual([]);
    await functions.whenReady();
    const handshake = requests.find((request) => methodNames(request).includes('_SetOsfControlContainerReadyForCustomFunctions'));
    expect(handshake?.body.ObjectPaths[String(handshake.body.Actions.find((action) => action.ActionType === 3)!.ObjectPathId)]).toMatchObject({ ObjectPathType: 2, Name: 'Microsoft.ExcelServices.CustomFunctions' });
    await expect(answered).resolves.toEqual([{ ok: true, value: 3 }]);
    // [invocationId, function id, arguments, address, flags]
    expect(messages.sent).toEqual([[{ messageCategory: 1, messageType: 1000, message: [expect.any(Number), 'TEST_ADD', [1, 2], 'Sheet1!A1', 0] }]]);
    // CustomFunctions 1.7 (claimed with the shared runtime): results as arrays. The request is logged once answered.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests.filter((request) => methodNames(request).includes('SetInvocationArrayResults'))).toHaveLength(1);
    messages.restore();
  });

  it('names functions as formulas do: namespace and name, any case', () => {
    expect(functions.idOf('test.add')).toBe('TEST_ADD');
    expect(functions.idOf('TEST.Grid')).toBe('TEST_GRID');
    expect(functions.idOf('test.nothing')).toBeNull();
    expect(functions.idOf('ADD')).toBeNull();
    expect(functions.returnsMatrix('TEST_GRID')).toBe(true);
    expect(functions.returnsMatrix('TEST_ADD')).toBe(false);
  });

  it('sends the calls of one pass in one message and hears their results in one request [BAT][RT]', async () => {
    const messages = recordMessages();
    const resultBatches: number[] = [];
    const stopCounting = host.customFunctions.onResults((results) => resultBatches.push(results.length));
    const calls: AddInCall[] = [
      { id: 'TEST_ADD', args: [40, 2], address: 'Sheet1!B1' },
      { id: 'TEST_SHOUT', args: ['revenue'], address: 'Sheet1!B2' },
      { id: 'TEST_GRID', args: [2, 3], address: 'Sheet1!B3' },
      { id: 'TEST_TOTAL', args: [1, 2, 3, 4], address: 'Sheet1!B4' },
    ];
    const results = await invokeAll(functions, calls);
    expect(results).toEqual([
      { ok: true, value: 42 },
      { ok: true, value: 'REVENUE!' },
      { ok: true, value: [[0, 1, 2], [10, 11, 12]] },
      { ok: true, value: 10 },
    ]);
    expect(messages.sent).toHaveLength(1);
    const entries = messages.sent[0]!;
    expect(entries.map((entry) => entry.messageType)).toEqual([1000, 1000, 1000, 1000]);
    const invocationIds = entries.map((entry) => entry.message[0] as number);
    expect(new Set(invocationIds).size).toBe(4);
    expect([...invocationIds].sort((a, b) => a - b)).toEqual(invocationIds);
    // The asynchronous result (10 ms) comes before the first flush (50 ms after the first result).
    expect(resultBatches).toEqual([4]);
    stopCounting();
    messages.restore();
  });

  it('shows errors as Excel does: #N/A and #VALUE! with their messages, #VALUE! for an exception, #DIV/0! returned [ERR]', async () => {
    const results = await invokeAll(functions, [
      { id: 'TEST_SIGNED_IN', args: [], address: 'Sheet1!C1' },
      { id: 'TEST_BROKEN', args: [], address: 'Sheet1!C2' },
      { id: 'TEST_RATIO', args: [1, 0], address: 'Sheet1!C3' },
      { id: 'TEST_RATIO', args: [1, 4], address: 'Sheet1!C4' },
      { id: 'TEST_CHECKED', args: ['orders.revnue'], address: 'Sheet1!C5' },
      { id: 'TEST_REJECTED', args: [], address: 'Sheet1!C6' },
    ]);
    expect(results).toEqual([
      { ok: false, error: '#N/A', message: SIGN_IN_MESSAGE },
      { ok: false, error: '#VALUE!' },
      { ok: false, error: '#DIV/0!' },
      { ok: true, value: 0.25 },
      { ok: false, error: '#VALUE!', message: UNKNOWN_MEASURE_MESSAGE },
      { ok: false, error: '#VALUE!' },
    ]);
  });

  it('answers a call of a function the add-in never associated with #VALUE!, as an unhandled failure [ERR]', async () => {
    await expect(invokeAll(functions, [{ id: 'TEST_MISSING', args: [], address: 'Sheet1!D1' }])).resolves.toEqual([{ ok: false, error: '#VALUE!' }]);
  });

  it('passes a repeating parameter as one array [REP]', async () => {
    const seen: unknown[] = [];
    CustomFunctions.associate('TEST_TOTAL', (values: number[]) => {
      seen.push(values);
      return values.length;
    });
    await expect(invokeAll(functions, [{ id: 'TEST_TOTAL', args: [5, 6, 7], address: 'Sheet1!E1' }])).resolves.toEqual([{ ok: true, value: 3 }]);
    expect(seen).toEqual([[5, 6, 7]]);
  });
});
