// The composition root: builds the services and wires the features, nothing else. Activation stays cheap: the
// startup bundle holds the sandbox's controls and the walkthrough; every other feature (the connections too) is a bundle
// of its own (dist/<feature>.js), loaded on first use behind shells of its commands and views (host/featureOnDemand.ts),
// and the sandbox server's code is loaded and started only when first needed (or just after activation when
// `cstudio.sandbox.autoStart` is on). VS Code does not report activation failures, so we do.
import * as vscode from 'vscode';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Logger } from './core/logger';
import { Redactor } from './core/platform/redact';
import { CommandErrorHandler, CommandRegistry } from './host/commands';
import { disposeAll, type IDisposable } from './host/lifecycle';
import { ExtensionLog } from './host/logger';
import { CredentialStore } from './host/secrets';
import { Settings } from './host/settings';
import { lazyPlatformClientFactory } from './host/platformClientLoader';
import { separateBundle } from './host/separateBundle';
import type * as SandboxRun from './sandbox/run';
import { SwitchablePrompter, WindowPrompter, type Prompter } from './host/prompter';
import { ShowLogCommand } from './host/showLogCommand';
import { LOCAL_SANDBOX_NAME, type LocalSandbox, type SandboxLauncher } from './features/sandbox/localSandbox';
import { SandboxFeature } from './features/sandbox/sandboxFeature';
import { SandboxConnection } from './features/sandbox/sandboxConnection';
import { connectionsOnDemand } from './features/connections/connectionsOnDemand';
import type { ConnectionRegistry } from './core/connections/connectionRegistry';
import type { ExplorerTestingApi } from './features/explorer/explorerFeature';
import { ExplorerOnDemand } from './features/explorer/explorerOnDemand';
import type { LanguageTestingApi } from './features/language/languageFeature';
import { LanguageOnDemand } from './features/language/languageOnDemand';
import type { LogsTestingApi } from './features/logs/logsFeature';
import { logsOnDemand } from './features/logs/logsOnDemand';
import type { SyncTestingApi } from './features/sync/syncFeature';
import { SyncOnDemand } from './features/sync/syncOnDemand';
import type { DiscoverTestingApi } from './features/discover/discoverFeature';
import { DiscoverOnDemand } from './features/discover/discoverOnDemand';
import { ALREADY_HELD_KEYS, WalkthroughFeature } from './features/walkthrough/walkthroughFeature';
import type { HealthViewState } from './features/health/healthFeature';
import { healthOnDemand } from './features/health/healthOnDemand';
import type { NluTestsState } from './features/nluTests/nluTestsFeature';
import type { RuntimeTarget, RuntimeTargets } from './host/runtimeTargets';
import { nluTestsOnDemand } from './features/nluTests/nluTestsOnDemand';
import type { TryViewState } from './features/try/tryFeature';
import { tryOnDemand } from './features/try/tryOnDemand';

const LOG_NAME = 'Conversational Studio';

/** What `extensions.getExtension(...).exports` returns. */
export interface ExtensionApi {
  /** How long `activate()` took, measured by the extension itself (milliseconds). */
  readonly activationMs: number;
  /** Handles for the extension-host tests; absent in production. */
  readonly testing?: TestingApi;
}

export interface TestingApi {
  readonly sandbox: LocalSandbox;
  readonly settings: Settings;
  readonly credentials: CredentialStore;
  /** The folder VS Code writes this extension's log files into. */
  readonly logDir: string;
  statusBarText(): string;
  /** Loads (on first call) and returns the TRSX/GrXML language support. */
  language(): LanguageTestingApi;
  readonly connections: ConnectionRegistry;
  /** The features loaded on first use: reading one loads it. */
  readonly explorer: ExplorerTestingApi;
  readonly logs: LogsTestingApi;
  readonly sync: SyncTestingApi;
  readonly discover: DiscoverTestingApi;
  /** What the Model Health view shows now, if it is open (reading it loads the feature). */
  readonly health: { readonly view: HealthViewState | undefined };
  /** The NLU tests' controller and last evaluation (reading it loads the feature). */
  readonly nluTests: NluTestsState;
  /** What the Try panel shows now (reading it loads the feature). */
  readonly tryPanel: { readonly view: TryViewState | undefined };
  /** Opens the walkthrough unless this installation already did (the tests' settings turn that off). */
  readonly walkthrough: {
    openOnFirstRun(): Promise<boolean>;
    readonly walkthroughRef: string;
    readonly ticked: ReadonlySet<string>;
  };
  /** Replaces every command's prompts (quick picks, inputs, dialogs, notifications); undefined restores the window's. */
  usePrompter(prompter: Prompter | undefined): void;
}

/**
 * The sandbox server is a separate bundle (dist/sandboxServer.js), loaded on the first start, not at activation. It
 * announces itself with a ready file in its data folder, where `cstudio sandbox env` finds it (src/sandbox/readyFile.ts).
 */
function sandboxLauncher(extensionPath: string, logger: Logger): SandboxLauncher {
  const load = separateBundle<typeof SandboxRun>(join(extensionPath, 'dist', 'sandboxServer.js'));
  return (options) => load().startAnnouncedSandbox({ ...options, host: '127.0.0.1', logger });
}

/** The host services every feature is given: settings, the log, commands and their errors, secrets, prompts. */
interface HostServices {
  readonly redactor: Redactor;
  readonly settings: Settings;
  readonly logger: Logger;
  readonly errors: CommandErrorHandler;
  readonly commands: CommandRegistry;
  readonly credentials: CredentialStore;
  readonly prompter: SwitchablePrompter;
}

function hostServices(context: vscode.ExtensionContext, owned: IDisposable[]): HostServices {
  const redactor = new Redactor();
  const redact = (text: string): string => redactor.redact(text);
  const settings = new Settings();
  owned.push(settings);
  const log = new ExtensionLog(LOG_NAME, { redact, minLevel: () => settings.value.log.level });
  owned.push(log);
  const logger = log.logger;

  const errors = new CommandErrorHandler({
    logger: logger.child('commands'),
    presenter: vscode.window,
    showLog: () => log.show(),
    redact,
  });
  const commands = new CommandRegistry(errors);
  owned.push(commands);
  commands.register(new ShowLogCommand(log));
  const credentials = new CredentialStore(context.secrets);
  owned.push(credentials);
  return {
    redactor,
    settings,
    logger,
    errors,
    commands,
    credentials,
    prompter: new SwitchablePrompter(new WindowPrompter()),
  };
}

/**
 * The local sandbox's runtime clients with scope nlu, one target per context tag they reach (Try an Utterance and
 * the NLU tests' deployed-configuration runs). Platform connections have no runtime credentials in the extension
 * yet: the CLI reaches the platform (`cstudio try`, `cstudio test nlu --tag`).
 */
function sandboxRuntimeTargets(sandbox: LocalSandbox, redactor: Redactor): RuntimeTargets {
  return async () => {
    const info = await sandbox.start();
    const targets = new Map<string, RuntimeTarget>();
    for (const c of info.runtimeClients.filter((x) => x.scopes.split(/\s+/).includes('nlu'))) {
      redactor.register(c.clientSecret);
      for (const tag of c.contextTags.filter((t) => !targets.has(t))) {
        targets.set(tag, {
          contextTag: tag,
          description: `${LOCAL_SANDBOX_NAME} · ${c.appId}`,
          secret: c.clientSecret,
          connection: { name: LOCAL_SANDBOX_NAME, nluUrl: info.nluUrl, authUrl: info.authUrl, clientId: c.clientId },
        });
      }
    }
    return [...targets.values()];
  };
}

/** The walkthrough, with the steps it can tick from what already holds when it opens. */
function walkthroughFeature(
  context: vscode.ExtensionContext,
  host: HostServices,
  sandbox: SandboxFeature,
  explorer: ExplorerOnDemand,
  sync: SyncOnDemand,
): WalkthroughFeature {
  const { commands, logger } = host;
  return new WalkthroughFeature({
    globalState: context.globalState,
    extensionId: context.extension.id,
    commands,
    logger: logger.child('walkthrough'),
    conditions: [
      {
        key: ALREADY_HELD_KEYS.sandboxRunning,
        holds: () => sandbox.sandbox.state.kind === 'running',
        onDidChange: sandbox.sandbox.onDidChangeState,
      },
      // The explorer view exists from activation (its feature loads when it is first shown).
      {
        key: ALREADY_HELD_KEYS.explorerShown,
        holds: () => explorer.view.visible,
        onDidChange: explorer.view.onDidChangeVisibility,
      },
      // No project can have been found before sync loads: it loads when the window has one, or on a pull.
      {
        key: ALREADY_HELD_KEYS.projectPulled,
        holds: () => sync.feature.current?.pulledProject.holds() ?? false,
        onDidChange: sync.feature.eventOf((f) => f.pulledProject.onDidChange),
      },
    ],
  });
}

function compose(context: vscode.ExtensionContext, owned: IDisposable[]): Omit<ExtensionApi, 'activationMs'> {
  const host = hostServices(context, owned);
  const { redactor, settings, logger, errors, commands, credentials, prompter } = host;
  const sandbox = new SandboxFeature({
    dataDir: join(context.globalStorageUri.fsPath, 'sandbox'),
    launcher: sandboxLauncher(context.extensionPath, logger),
    settings,
    logger: logger.child('sandbox'),
    commands,
    errors,
    credentials,
    prompter,
    registerSecret: (secret) => redactor.register(secret),
  });
  owned.push(sandbox);
  sandbox.autoStartInBackground();

  const bundle = (name: string): string => join(context.extensionPath, 'dist', `${name}.js`);
  const connections = connectionsOnDemand({
    bundlePath: bundle('connectionsFeature'),
    builtIn: new SandboxConnection(sandbox.sandbox),
    credentials,
    createClient: lazyPlatformClientFactory(join(context.extensionPath, 'dist', 'platformClient.js')),
    prompter,
    commands,
    logger: logger.child('connections'),
    registerSecret: (secret) => redactor.register(secret),
  });
  owned.push(connections);
  // One registry for every feature that talks to a platform, made when the first of them starts.
  const registry = (): ConnectionRegistry => connections.load().registry;
  const explorer = new ExplorerOnDemand({
    bundlePath: bundle('explorerFeature'),
    extensionUri: context.extensionUri,
    registry,
    prompter,
    commands,
    logger: logger.child('explorer'),
    pageSize: () => settings.value.explorer.pageSize,
  });
  owned.push(explorer);
  const logs = logsOnDemand({
    bundlePath: bundle('logsFeature'),
    registry,
    prompter,
    commands,
    errors,
    logger: logger.child('logs'),
    storageUri: context.globalStorageUri,
    extensionUri: context.extensionUri,
    testing: context.extensionMode !== vscode.ExtensionMode.Production,
    logSettings: () => settings.value.logs,
  });
  owned.push(logs);
  const sync = new SyncOnDemand({
    bundlePath: bundle('syncFeature'),
    registry,
    prompter,
    commands,
    logger: logger.child('sync'),
  });
  owned.push(sync);
  const discover = new DiscoverOnDemand({
    bundlePath: bundle('discoverFeature'),
    registry,
    prompter,
    commands,
    logger: logger.child('discover'),
  });
  owned.push(discover);

  const health = healthOnDemand({
    bundlePath: bundle('healthFeature'),
    extensionUri: context.extensionUri,
    commands,
    prompter,
    logger: logger.child('health'),
    settings: () => settings.value.health,
    // Coverage of live traffic: the application the Utterances view is reviewing for that folder, on its connection
    // (no review runs while that view's feature is not loaded).
    traffic: async (folder) => {
      const target = discover.feature.current?.reviewing;
      if (!target || target.root !== folder) return undefined;
      const session = await registry().session(target.connectionId);
      const clientId = session.entry.config?.clientId;
      return {
        app: target.topic,
        source: { requester: session.client.requester, ...(clientId !== undefined ? { clientId } : {}) },
      };
    },
  });
  owned.push(health);
  const runtimeTargets = sandboxRuntimeTargets(sandbox.sandbox, redactor);
  const nluTests = nluTestsOnDemand({
    bundlePath: bundle('nluTestsFeature'),
    extensionUri: context.extensionUri,
    commands,
    prompter,
    logger: logger.child('nlu-tests'),
    settings: () => settings.value.nluTests,
    targets: runtimeTargets,
  });
  owned.push(nluTests);

  const tryPanel = tryOnDemand({
    bundlePath: bundle('tryFeature'),
    extensionUri: context.extensionUri,
    commands,
    prompter,
    logger: logger.child('try'),
    targets: runtimeTargets,
  });
  owned.push(tryPanel);

  const walkthrough = walkthroughFeature(context, host, sandbox, explorer, sync);
  owned.push(walkthrough);
  walkthrough.openOnFirstRun().catch((e: unknown) => logger.warn('could not open the walkthrough', e));

  // Loaded from dist/languageFeature.js on first use (the first TRSX/GrXML document, a grammar command or test file).
  const language = new LanguageOnDemand({
    bundlePath: join(context.extensionPath, 'dist', 'languageFeature.js'),
    extensionPath: context.extensionPath,
    extensionUri: context.extensionUri,
    settings,
    logger: logger.child('language'),
    commands,
    prompter,
  });
  owned.push(language);

  if (context.extensionMode === vscode.ExtensionMode.Production) return {};
  return {
    testing: testingApi(context, host, {
      sandbox,
      registry,
      explorer,
      logs,
      sync,
      discover,
      health,
      nluTests,
      tryPanel,
      walkthrough,
      language,
    }),
  };
}

/** The window's features as compose made them, for the testing API. */
interface Features {
  readonly sandbox: SandboxFeature;
  readonly registry: () => ConnectionRegistry;
  readonly explorer: ExplorerOnDemand;
  readonly logs: ReturnType<typeof logsOnDemand>;
  readonly sync: SyncOnDemand;
  readonly discover: DiscoverOnDemand;
  readonly health: ReturnType<typeof healthOnDemand>;
  readonly nluTests: ReturnType<typeof nluTestsOnDemand>;
  readonly tryPanel: ReturnType<typeof tryOnDemand>;
  readonly walkthrough: WalkthroughFeature;
  readonly language: LanguageOnDemand;
}

/** What the extension-host tests reach (never in production); reading a feature's handle loads it. */
function testingApi(context: vscode.ExtensionContext, host: HostServices, f: Features): TestingApi {
  return {
    sandbox: f.sandbox.sandbox,
    settings: host.settings,
    credentials: host.credentials,
    logDir: context.logUri.fsPath,
    statusBarText: () => f.sandbox.statusBar.text,
    language: () => f.language.load().testing,
    get connections() {
      return f.registry();
    },
    get explorer() {
      return f.explorer.feature.load().testing;
    },
    get logs() {
      return f.logs.load().testing;
    },
    get sync() {
      return f.sync.feature.load().testing;
    },
    get discover() {
      return f.discover.feature.load().testing;
    },
    get health() {
      return f.health.load();
    },
    get nluTests() {
      return f.nluTests.load().state;
    },
    get tryPanel() {
      return f.tryPanel.load();
    },
    walkthrough: f.walkthrough,
    usePrompter: (p) => host.prompter.use(p),
  };
}

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const started = performance.now();
  // Disposed in reverse order of creation, so the log outlives everything that writes to it.
  const owned: IDisposable[] = [];
  context.subscriptions.push({ dispose: () => disposeAll(owned) });
  try {
    const api = compose(context, owned);
    return { ...api, activationMs: performance.now() - started };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error('Conversational Studio failed to activate', err);
    try {
      disposeAll(owned);
    } catch {
      /* the activation error is the one to report */
    }
    void vscode.window.showErrorMessage(`Conversational Studio failed to activate: ${message}`);
    throw err;
  }
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}
