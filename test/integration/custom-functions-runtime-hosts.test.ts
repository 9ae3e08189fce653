/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
/// <reference types="custom-functions-runtime" />
import { connectCustomFunctions, type FunctionsMetadata, type HostRequest } from '../../workbench/excel-host';
import { invokeAll } from '../support/add-in-calls';
import { installWorkbook } from '../support/excel';

/**
 * One realm's custom-functions runtime across hosts: Office.js starts it once, and its results go to whichever host
 * Office.js is connected to. A host without Office's internal `CustomFunctions` 1.7 set gets them in the older object
 * form, `SetInvocationResults` (docs/research/custom-functions.md §4, "Runtime → host: results"). Error expectations:
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-errors (#N/A keeps its message).
 */

jest.setTimeout(30_000);

const METADATA: FunctionsMetadata = {
  functions: [
    { id: 'TEST_DOUBLE', name: 'DOUBLE', parameters: [{ name: 'number' }] },
    { id: 'TEST_OFFLINE', name: 'OFFLINE', parameters: [] },
  ],
};
const OFFLINE_MESSAGE = 'Report Sync is offline.';

CustomFunctions.associate({
  TEST_DOUBLE: (number: number) => number * 2,
  TEST_OFFLINE: () => {
    throw new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, OFFLINE_MESSAGE);
  },
});


const resultMethods = (requests: HostRequest[]) => requests.flatMap((request) => request.body.Actions.map((action) => action.Name)).filter((name) => name.startsWith('SetInvocation'));
/** The host logs a request once answered, after the results in it were handed over. */
const afterLogged = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('one custom-functions runtime, several hosts', () => {
  it('starts once, and answers each host in the form its requirement sets ask for', async () => {
    const webRequests: HostRequest[] = [];
    const web = installWorkbook({ onRequest: (request) => webRequests.push(request) });
    const onWeb = connectCustomFunctions(web, globalThis, METADATA, 'TEST');
    await expect(invokeAll(onWeb, [{ id: 'TEST_DOUBLE', args: [21], address: 'Sheet1!A1' }])).resolves.toEqual([{ ok: true, value: 42 }]);
    await afterLogged();
    expect(resultMethods(webRequests)).toEqual(['SetInvocationArrayResults']);

    // Excel 2019's profile has no shared runtime, so no CustomFunctions 1.7: the runtime falls back to objects.
    const olderRequests: HostRequest[] = [];
    const older = installWorkbook({ profile: 'excel2019', onRequest: (request) => olderRequests.push(request) });
    const onOlder = connectCustomFunctions(older, globalThis, METADATA, 'TEST');
    await onOlder.whenReady();
    expect(olderRequests.some((request) => request.body.Actions.some((action) => action.Name === '_SetOsfControlContainerReadyForCustomFunctions'))).toBe(false);
    await expect(invokeAll(onOlder, [
      { id: 'TEST_DOUBLE', args: [2.5], address: 'Sheet1!A1' },
      { id: 'TEST_OFFLINE', args: [], address: 'Sheet1!A2' },
    ])).resolves.toEqual([{ ok: true, value: 5 }, { ok: false, error: '#N/A', message: OFFLINE_MESSAGE }]);
    await afterLogged();
    expect(resultMethods(olderRequests)).toEqual(['SetInvocationResults']);
    expect(resultMethods(webRequests)).toEqual(['SetInvocationArrayResults']);
  });
});
