import type { AppConfigResponse, Deployment, User } from '../../src/contract';
import type { ConnectedPane } from '../../src/pane/compose/connected-pane';
import { createPane, type PaneModules, type PaneOptions } from '../../src/pane/create-pane';
import type { PaneConnection } from '../../src/pane/pane-connection';
import type { WorkbookStart } from '../../src/ports/workbook-document';
import { Connection, initialDeployment, type ConnectionSettings, type Credentials } from '../../src/session/connection';

/**
 * The pane's composition root in Node (what App.tsx used to do in React): it follows the sign-in session, makes the
 * connected pane's stores once per connection, keeps them while the user browses another deployment, and disposes
 * them when the connection goes. The platform and the connected pane's code are stand-ins.
 */

const analyst = { id: 7, email: 'analyst@example.com', settings: { defaultDeploymentId: 4 } } as unknown as User;
const deployments = [{ id: 3, name: 'Sales' }, { id: 4, name: 'Finance' }] as Deployment[];

class StandInCredentials implements Credentials {
  constructor(public settings: ConnectionSettings) {}
  accessToken = async () => this.settings.accessToken;
  renew = async () => false;
  replace(settings: ConnectionSettings) {
    this.settings = settings;
  }
  signOut = async () => undefined;
}

interface Made {
  connection: PaneConnection;
  started: boolean[];
  /** The workbook's start read each start was given. */
  openings: (Promise<WorkbookStart> | undefined)[];
  disposed: boolean;
}

const emptyWorkbook: WorkbookStart = { workbookId: null, refreshOnOpen: false, sheets: [], placementsOf: null };

/**
 * A root whose connected panes are recorded stand-ins; `release` lets their code "load" (at once unless held).
 * `connected`: the platform answers the connection's first requests once it resolves (at once without). `hostReady`:
 * Office (or the workbench) can be asked once it resolves. `reads` counts the workbook's start reads.
 */
function rootFor(options: { hold?: boolean; failLoad?: Error; saved?: ConnectionSettings | null; connected?: Promise<void>; hostReady?: Promise<void> } = {}) {
  const made: Made[] = [];
  const reads: string[] = [];
  let release: () => void = () => undefined;
  const loaded = options.hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const modules: PaneModules = {
    loadConnection: async () => ({
      connect: async (credentials: Credentials) => {
        await options.connected;
        return new Connection({ credentials, platform: {} as never, user: analyst, deployments, appConfig: {} as AppConfigResponse });
      },
      tokenUser: async () => analyst,
      initialDeployment,
    }),
    loadTokens: async () => ({ TokenSession: StandInCredentials as never, signInWithDialog: async () => { throw new Error('no dialog here'); } }),
    loadCube: async () => { throw new Error('no Cube API here'); },
    loadConnectedPane: async () => {
      await loaded;
      if (options.failLoad) throw options.failLoad;
      return {
        openConnectedPane: (connection: PaneConnection) => {
          const record: Made = { connection, started: [], openings: [], disposed: false };
          made.push(record);
          return {
            connection, workspace: { focused: jest.fn(), hidden: jest.fn() }, chat: { setSettings: jest.fn() },
            start: (visible: boolean, opening?: Promise<WorkbookStart>) => {
              record.started.push(visible);
              record.openings.push(opening);
            },
            dispose: async () => void (record.disposed = true),
          } as unknown as ConnectedPane;
        },
        readWorkbookStart: async () => {
          reads.push('read');
          return emptyWorkbook;
        },
      };
    },
  };
  const settings = { saved: options.saved ?? null };
  const paneOptions: PaneOptions = {
    host: { displayLanguage: 'en-US', theme: 'light', openDialog: async () => ({ kind: 'closed' }), ready: options.hostReady },
    storage: {
      connection: { load: () => settings.saved, save: (next) => void (settings.saved = next) },
      chat: { load: () => null, save: () => undefined },
      cubeConnections: { load: () => ({ active: null, connections: [] }), save: () => undefined, loadUserSettings: () => null, saveUserSettings: () => undefined },
      newPlacements: { load: () => ({ titleAndSource: false }), save: () => undefined },
    },
    addinBase: () => 'https://addin.example/',
    language: 'en',
    loadConnectedExtras: async () => ({
      words: { describe: String, attention: () => null, describeChat: String, copyName: (name) => `${name} (copy)` },
      cellWords: () => ({}) as never, consentStorage: { allowed: () => null, allow: () => undefined }, lastValues: {} as never, chatThreads: () => ({}) as never,
    }),
    visible: () => true,
    modules,
  };
  return { root: createPane(paneOptions), made, reads, release: () => release(), settings };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 1));
  if (!condition()) throw new Error('timed out');
};

describe('the pane root (createPane)', () => {
  it('signing in makes the connected pane once, started as shown, browsing the user\'s saved deployment', async () => {
    const { root, made } = rootFor();
    expect(root.getState()).toMatchObject({ connection: null, connected: null });
    await root.session.signIn('https://platform.example', 'analyst-key');
    await until(() => root.getState().connected !== null);
    expect(made).toHaveLength(1);
    expect(made[0]!.started).toEqual([true]);
    expect(root.getState().browsed?.name).toBe('Finance');
    expect(root.getState().connected?.connection).toBe(root.getState().connection);
  });

  it('browsing another deployment keeps the same stores (the workbook\'s placements stay in view)', async () => {
    const { root, made } = rootFor();
    await root.session.signIn('https://platform.example', 'analyst-key');
    await until(() => root.getState().connected !== null);
    const connected = root.getState().connected;
    root.chooseDeployment(deployments[0]!);
    await until(() => root.getState().browsed?.id === 3);
    expect(root.getState().connected).toBe(connected);
    expect(made).toHaveLength(1);
  });

  it('signing out disposes the stores and shows none', async () => {
    const { root, made } = rootFor();
    await root.session.signIn('https://platform.example', 'analyst-key');
    await until(() => root.getState().connected !== null);
    await root.session.signOut();
    expect(root.getState()).toMatchObject({ connection: null, connected: null });
    expect(made[0]!.disposed).toBe(true);
  });

  it('a connection gone before its stores\' code loaded never gets them', async () => {
    const { root, made, release } = rootFor({ hold: true });
    await root.session.signIn('https://platform.example', 'analyst-key');
    await root.session.signOut();
    release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(made).toHaveLength(0);
    expect(root.getState().connected).toBeNull();
  });

  it('code that does not load is said (openFailure), not swallowed', async () => {
    const failure = new Error('chunk failed');
    const { root } = rootFor({ failLoad: failure });
    await root.session.signIn('https://platform.example', 'analyst-key');
    await until(() => root.getState().openFailure !== null);
    expect(root.getState().openFailure).toBe(failure);
  });

  it('start connects again with the settings an earlier session saved; focus reaches the connected pane', async () => {
    const { root } = rootFor({ saved: { kind: 'api-key', baseUrl: 'https://platform.example', accessToken: 'analyst-key' } });
    root.start();
    await until(() => root.getState().connected !== null);
    root.focused();
    root.hidden();
    const { workspace } = root.getState().connected!;
    expect(workspace.focused).toHaveBeenCalledTimes(1);
    expect(workspace.hidden).toHaveBeenCalledTimes(1);
  });

  it('resuming, the platform is asked before Office is ready and the workbook is read meanwhile: the pane starts with that read', async () => {
    let hostReady: () => void = () => undefined;
    let answered: () => void = () => undefined;
    const { root, made, reads } = rootFor({
      saved: { kind: 'api-key', baseUrl: 'https://platform.example', accessToken: 'analyst-key' },
      hostReady: new Promise<void>((resolve) => (hostReady = resolve)),
      connected: new Promise<void>((resolve) => (answered = resolve)),
    });
    root.start();
    // Connected while Office still starts: the connected pane is made, the workbook not yet read.
    answered();
    await until(() => root.getState().connected !== null);
    expect(reads).toEqual([]);
    hostReady();
    await expect(made[0]!.openings[0]).resolves.toBe(emptyWorkbook);
    expect(reads).toEqual(['read']);
  });

  it('resuming, the workbook is read while the platform answers, once; a later connection reads it afresh', async () => {
    let answered: () => void = () => undefined;
    const { root, made, reads } = rootFor({
      saved: { kind: 'api-key', baseUrl: 'https://platform.example', accessToken: 'analyst-key' },
      connected: new Promise<void>((resolve) => (answered = resolve)),
    });
    root.start();
    await until(() => reads.length === 1);
    expect(root.getState().connected).toBeNull();
    answered();
    await until(() => root.getState().connected !== null);
    await made[0]!.openings[0];
    expect(reads).toEqual(['read']);
    await root.session.signOut();
    await root.session.signIn('https://platform.example', 'analyst-key');
    await until(() => made.length === 2);
    await made[1]!.openings[0];
    expect(reads).toEqual(['read', 'read']);
  });
});
