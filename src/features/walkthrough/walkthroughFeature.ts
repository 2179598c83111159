// The first-run walkthrough (package.json contributes.walkthroughs "firstRun"): it opens by itself once per
// installation (a globalState flag; VS Code's own "open walkthroughs on install" setting can turn that off), and
// its step buttons run commands through `cstudio.walkthrough.run`, which ticks the step by a context key only
// once the command has finished. Ticking on `onCommand` (at the click) made VS Code move the walkthrough to the
// next step and take the focus back while the command's first quick pick was opening, which closed that pick.
// Pull and stream steps complete on context keys the other features keep (a pulled project, a stream). A key that
// already held before the walkthrough was opened is not ticked by VS Code (code-server 4.139.1): it ticks on a
// change of a key only: a key that matches when VS Code registers the walkthrough is marked as seen without
// ticking its step, and later changes of it are then ignored. VS Code registers it when its walkthroughs service
// starts, which can be as late as the first time a walkthrough is opened. So such steps (the sandbox running, a
// project pulled, the explorer showing: `onView` ticks only when a view becomes visible) also complete on a key of
// the walkthrough's own, set only once a walkthrough is open (the service has registered it by then) and their
// condition holds, then or later: when this extension opens it on first run, and when a walkthrough editor tab
// appears (opened by hand from Help, the Welcome page or the palette).
// A step command's step ticks when that command completes wherever it was started (Source Control's Push button,
// the palette, the explorer; the registry tells), not only from the step's button; "Edit a TRSX file" ticks when a
// TRSX document is shown in an editor or edited, not when one has the focus (`resourceLangId` follows the focus).
import * as vscode from 'vscode';
import type { Logger } from '../../core/logger';
import type { Command, CommandRegistry, CompletedCommand } from '../../host/commands';
import { CommandIds } from '../../host/commandIds';
import { Disposable } from '../../host/lifecycle';

export const WALKTHROUGH_ID = 'firstRun';
const OPENED_FLAG = 'cstudio.walkthrough.opened';
/**
 * A step's condition that may already hold when the walkthrough opens: `key` (in the step's completionEvents) is
 * set once the walkthrough is open and `holds()`, checked again on each `onDidChange`.
 */
/** The walkthrough's own keys for conditions that may already hold (package.json lists them in completionEvents). */
export const ALREADY_HELD_KEYS = {
  sandboxRunning: 'cstudio.walkthrough.sandboxSeen',
  explorerShown: 'cstudio.walkthrough.explorerSeen',
  projectPulled: 'cstudio.walkthrough.pulledSeen',
  trsxEdited: 'cstudio.walkthrough.trsxSeen',
} as const;

const TRSX_LANGUAGE = 'trsx';

export interface StepCondition {
  readonly key: string;
  holds(): boolean;
  readonly onDidChange: vscode.Event<unknown>;
}

/** The commands a step button may run, and the context key that ticks its step once the command finished. */
export const STEP_COMMANDS: Readonly<Record<string, string>> = {
  'cstudio.sync.push': 'cstudio.walkthrough.pushed',
  'cstudio.project.build': 'cstudio.walkthrough.built',
  'cstudio.appConfig.deploy': 'cstudio.walkthrough.deployed',
  'cstudio.logs.simulate': 'cstudio.walkthrough.simulated',
  'cstudio.logs.stream': 'cstudio.walkthrough.streamed',
  // Its step is ticked by cstudio.sync.hasWorkspace (a pulled project), not by the command ending.
  'cstudio.sync.pull': 'cstudio.walkthrough.pullEnded',
};

export interface WalkthroughFeatureDeps {
  readonly globalState: vscode.Memento;
  /** `publisher.name` of this extension. */
  readonly extensionId: string;
  readonly commands: CommandRegistry;
  readonly logger: Logger;
  /** Steps' conditions that may hold before the walkthrough opens (the sandbox running, a project pulled). */
  readonly conditions: readonly StepCondition[];
}

class RunStepCommand implements Command {
  readonly id = CommandIds.walkthroughRun;
  constructor(private readonly logger: Logger) {}

  async execute(command: unknown): Promise<void> {
    const key = typeof command === 'string' ? STEP_COMMANDS[command] : undefined;
    if (!key || typeof command !== 'string')
      throw new Error(
        `The walkthrough cannot run "${String(command)}"; it runs: ${Object.keys(STEP_COMMANDS).join(', ')}.`,
      );
    await vscode.commands.executeCommand(command);
    this.logger.debug(`walkthrough: ${command} finished; ${key} set`);
    await vscode.commands.executeCommand('setContext', key, true);
  }
}

/**
 * The Welcome page and walkthroughs are an editor the tab API does not describe (no input), titled "Welcome" or
 * "Walkthrough: …". Any tab without an input counts: in another display language the titles differ, and the other
 * editors of that kind (settings, keybindings) opened before a walkthrough cost nothing worse than the old behaviour.
 */
function mayBeWalkthrough(tab: vscode.Tab): boolean {
  return tab.input === undefined;
}

/** A completion that did something: a command answering `{ status: 'nothing' }` (a push with nothing to send) did not. */
function didSomething(c: CompletedCommand): boolean {
  const r = c.result;
  return !(typeof r === 'object' && r !== null && (r as { status?: unknown }).status === 'nothing');
}

export class WalkthroughFeature extends Disposable {
  /** Conditions already waiting to tick (or ticked), so each gets one listener. */
  private readonly armed = new Set<string>();
  /** Step commands completed in this window, wherever they were started. */
  private readonly completedSteps = new Set<string>();
  private readonly stepCompleted = this._register(new vscode.EventEmitter<string>());
  private trsxSeen = false;
  private readonly trsxTouched = this._register(new vscode.EventEmitter<void>());
  /** Keys this feature has set in this window (the extension-host tests read them; VS Code's are not readable). */
  readonly ticked = new Set<string>();
  /** The caller's conditions, the TRSX one and one per step command. */
  private readonly conditions: readonly StepCondition[];

  constructor(private readonly deps: WalkthroughFeatureDeps) {
    super();
    deps.commands.register(new RunStepCommand(deps.logger));
    this._register(
      deps.commands.onDidComplete((c) => {
        // Pull's step ticks on a pulled project (cstudio.sync.hasWorkspace), not on the command.
        if (!STEP_COMMANDS[c.id] || c.id === 'cstudio.sync.pull' || !didSomething(c)) return;
        this.completedSteps.add(c.id);
        this.stepCompleted.fire(c.id);
      }),
    );
    const sawTrsx = (doc: vscode.TextDocument | undefined): void => {
      if (this.trsxSeen || doc?.languageId !== TRSX_LANGUAGE) return;
      this.trsxSeen = true;
      this.trsxTouched.fire();
    };
    this._register(
      vscode.window.onDidChangeVisibleTextEditors((editors) => {
        for (const e of editors) sawTrsx(e.document);
      }),
    );
    this._register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0) sawTrsx(e.document);
      }),
    );
    for (const e of vscode.window.visibleTextEditors) sawTrsx(e.document);
    const conditions: StepCondition[] = [
      ...deps.conditions,
      { key: ALREADY_HELD_KEYS.trsxEdited, holds: () => this.trsxSeen, onDidChange: this.trsxTouched.event },
      ...Object.entries(STEP_COMMANDS)
        .filter(([id]) => id !== 'cstudio.sync.pull')
        .map(
          ([id, key]): StepCondition => ({
            key,
            holds: () => this.completedSteps.has(id),
            onDidChange: this.stepCompleted.event,
          }),
        ),
    ];
    this.conditions = conditions;
    const opened = (tabs: readonly vscode.Tab[]): void => {
      if (!tabs.some(mayBeWalkthrough)) return;
      for (const condition of conditions) this.tickWhenHolds(condition);
    };
    this._register(vscode.window.tabGroups.onDidChangeTabs((e) => opened(e.opened)));
    opened(vscode.window.tabGroups.all.flatMap((g) => g.tabs));
  }

  /** The walkthrough's `extensionId#walkthroughId`, as `workbench.action.openWalkthrough` takes it. */
  get walkthroughRef(): string {
    return `${this.deps.extensionId}#${WALKTHROUGH_ID}`;
  }

  /** Opens the walkthrough on the first activation of this installation (not in the extension's own tests). */
  async openOnFirstRun(): Promise<boolean> {
    if (this.deps.globalState.get<boolean>(OPENED_FLAG)) return false;
    if (vscode.workspace.getConfiguration('workbench.welcomePage').get<boolean>('walkthroughs.openOnInstall') === false)
      return false;
    await this.deps.globalState.update(OPENED_FLAG, true);
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', this.walkthroughRef, false);
    this.deps.logger.info(`opened the walkthrough ${this.walkthroughRef} (first run)`);
    for (const condition of this.conditions) this.tickWhenHolds(condition);
    return true;
  }

  private tickWhenHolds(condition: StepCondition): void {
    if (this.armed.has(condition.key)) return;
    this.armed.add(condition.key);
    const tick = (): void => {
      this.ticked.add(condition.key);
      this.deps.logger.debug(`walkthrough: ${condition.key} set (a walkthrough is open and its condition holds)`);
      void vscode.commands.executeCommand('setContext', condition.key, true);
    };
    if (condition.holds()) return tick();
    const listener = condition.onDidChange(() => {
      if (!condition.holds()) return;
      listener.dispose();
      tick();
    });
    this._register(listener);
  }
}
