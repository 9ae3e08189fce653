import { officeHost } from '../../src/excel/office-host';

type Handler = (arg: unknown) => void;
const ADDIN = 'https://localhost:3000';

/** A stand-in for the parts of Office.js the host uses: context, requirement sets, the dialog API and its enums. */
function fakeOffice(options: { opens: boolean; bodyBackgroundColor?: string; displayLanguage?: string; dialogOrigin?: boolean }) {
  const handlers = new Map<string, Handler>();
  const calls: { url: string; options: unknown }[] = [];
  let closed = 0;
  const office = {
    AsyncResultStatus: { Succeeded: 'succeeded', Failed: 'failed' },
    EventType: { DialogMessageReceived: 'dialogMessageReceived', DialogEventReceived: 'dialogEventReceived' },
    context: {
      displayLanguage: options.displayLanguage ?? 'de-DE',
      officeTheme: { bodyBackgroundColor: options.bodyBackgroundColor ?? '#FFFFFF' },
      requirements: { isSetSupported: (name: string, version: string) => name === 'DialogOrigin' && version === '1.1' && (options.dialogOrigin ?? true) },
      ui: {
        displayDialogAsync(url: string, dialogOptions: unknown, callback: (result: unknown) => void) {
          calls.push({ url, options: dialogOptions });
          if (!options.opens) return callback({ status: 'failed', error: { code: 12007 } });
          callback({ status: 'succeeded', value: { addEventHandler: (type: string, handler: Handler) => handlers.set(type, handler), close: () => (closed += 1) } });
        },
      },
    },
  };
  Object.assign(globalThis, { Office: office, window: { location: { origin: ADDIN } } });
  return { handlers, calls, closed: () => closed, message: (arg: unknown) => handlers.get('dialogMessageReceived')!(arg) };
}

/** Whether a promise has settled by now (its callbacks have run). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  // Fire and forget: only whether it settled matters here; the test awaits the promise itself for its outcome.
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('officeHost', () => {
  afterEach(() => {
    delete (globalThis as { Office?: unknown }).Office;
    delete (globalThis as { window?: unknown }).window;
  });

  it("reads Office's display language and whether its theme is dark", () => {
    fakeOffice({ opens: true, bodyBackgroundColor: '#262626', displayLanguage: 'de-AT' });
    expect(officeHost()).toMatchObject({ displayLanguage: 'de-AT', theme: 'dark' });
    fakeOffice({ opens: true, bodyBackgroundColor: '#FFFFFF' });
    expect(officeHost().theme).toBe('light');
  });

  it("opens the dialog without skipping Office's prompt, and takes the first message from the add-in's own origin", async () => {
    const office = fakeOffice({ opens: true });
    const outcome = officeHost().openDialog(`${ADDIN}/auth/start.html?authorize=x`);
    expect(office.calls[0]).toEqual({ url: `${ADDIN}/auth/start.html?authorize=x`, options: { height: 60, width: 30 } });
    office.message({ message: '{"from":"add-in"}', origin: ADDIN });
    await expect(outcome).resolves.toEqual({ kind: 'message', message: '{"from":"add-in"}', origin: ADDIN });
    expect(office.closed()).toBe(1);
  });

  it('ignores messages from any other origin and keeps waiting for its own', async () => {
    const office = fakeOffice({ opens: true });
    const outcome = officeHost().openDialog(`${ADDIN}/auth/start.html`);
    office.message({ message: '{"from":"platform"}', origin: 'https://tenant.example.com' });
    office.message({ message: '{"from":"lookalike"}', origin: 'https://localhost:3000.evil.example' });
    office.message({ message: '{"from":"nowhere"}', origin: undefined });
    expect(await settled(outcome)).toBe(false);
    expect(office.closed()).toBe(0);
    office.message({ message: '{"from":"add-in"}', origin: ADDIN });
    await expect(outcome).resolves.toMatchObject({ message: '{"from":"add-in"}' });
  });

  it('takes a message without an origin only where Office cannot tell one (before DialogOrigin 1.1)', async () => {
    const office = fakeOffice({ opens: true, dialogOrigin: false });
    const outcome = officeHost().openDialog(`${ADDIN}/auth/start.html`);
    office.message({ message: '{"from":"elsewhere"}', origin: 'https://tenant.example.com' });
    expect(await settled(outcome)).toBe(false);
    office.message({ message: '{"from":"old office"}', origin: undefined });
    await expect(outcome).resolves.toEqual({ kind: 'message', message: '{"from":"old office"}', origin: null });
  });

  it('tells a dialog the user closed (12006) from one that failed', async () => {
    let office = fakeOffice({ opens: true });
    let outcome = officeHost().openDialog(`${ADDIN}/auth/start.html`);
    office.handlers.get('dialogEventReceived')!({ error: 12006 });
    await expect(outcome).resolves.toEqual({ kind: 'closed' });
    office = fakeOffice({ opens: true });
    outcome = officeHost().openDialog(`${ADDIN}/auth/start.html`);
    office.handlers.get('dialogEventReceived')!({ error: 12002 });
    await expect(outcome).resolves.toEqual({ kind: 'failed', code: 12002 });
    fakeOffice({ opens: false });
    await expect(officeHost().openDialog(`${ADDIN}/auth/start.html`)).resolves.toEqual({ kind: 'failed', code: 12007 });
  });
});
