import { officeHost } from '../../src/excel/office-host';

type Handler = (arg: unknown) => void;

/** A stand-in for the parts of Office.js the host uses: context, the dialog API and its enums. */
function fakeOffice(options: { opens: boolean; bodyBackgroundColor?: string; displayLanguage?: string }) {
  const handlers = new Map<string, Handler>();
  const calls: { url: string; options: unknown }[] = [];
  let closed = 0;
  const office = {
    AsyncResultStatus: { Succeeded: 'succeeded', Failed: 'failed' },
    EventType: { DialogMessageReceived: 'dialogMessageReceived', DialogEventReceived: 'dialogEventReceived' },
    context: {
      displayLanguage: options.displayLanguage ?? 'de-DE',
      officeTheme: { bodyBackgroundColor: options.bodyBackgroundColor ?? '#FFFFFF' },
      ui: {
        displayDialogAsync(url: string, dialogOptions: unknown, callback: (result: unknown) => void) {
          calls.push({ url, options: dialogOptions });
          if (!options.opens) return callback({ status: 'failed', error: { code: 12007 } });
          callback({ status: 'succeeded', value: { addEventHandler: (type: string, handler: Handler) => handlers.set(type, handler), close: () => (closed += 1) } });
        },
      },
    },
  };
  (globalThis as unknown as { Office: unknown }).Office = office;
  return { handlers, calls, closed: () => closed };
}

describe('officeHost', () => {
  afterEach(() => delete (globalThis as { Office?: unknown }).Office);

  it("reads Office's display language and whether its theme is dark", () => {
    fakeOffice({ opens: true, bodyBackgroundColor: '#262626', displayLanguage: 'de-AT' });
    expect(officeHost()).toMatchObject({ displayLanguage: 'de-AT', theme: 'dark' });
    fakeOffice({ opens: true, bodyBackgroundColor: '#FFFFFF' });
    expect(officeHost().theme).toBe('light');
  });

  it('resolves with the first message of the dialog page and closes the dialog', async () => {
    const office = fakeOffice({ opens: true });
    const outcome = officeHost().openDialog('https://localhost:3000/auth/sign-in');
    office.handlers.get('dialogMessageReceived')!({ message: '{"type":"report-sync:cancelled"}', origin: 'https://localhost:3000' });
    await expect(outcome).resolves.toEqual({ kind: 'message', message: '{"type":"report-sync:cancelled"}' });
    expect(office.closed()).toBe(1);
    expect(office.calls[0]!.url).toBe('https://localhost:3000/auth/sign-in');
  });

  it('tells a dialog the user closed (12006) from one that failed', async () => {
    let office = fakeOffice({ opens: true });
    let outcome = officeHost().openDialog('https://x.example/auth/sign-in');
    office.handlers.get('dialogEventReceived')!({ error: 12006 });
    await expect(outcome).resolves.toEqual({ kind: 'closed' });
    office = fakeOffice({ opens: true });
    outcome = officeHost().openDialog('https://x.example/auth/sign-in');
    office.handlers.get('dialogEventReceived')!({ error: 12002 });
    await expect(outcome).resolves.toEqual({ kind: 'failed', code: 12002 });
    fakeOffice({ opens: false });
    await expect(officeHost().openDialog('https://x.example/auth/sign-in')).resolves.toEqual({ kind: 'failed', code: 12007 });
  });
});
