// The Utterances view (issue 19, "Discover"): an application's interpreted utterances from its event logs,
// grouped by intent, against a pulled project folder of the window, with filters and the add, ignore and play
// actions. Thin glue: the reading, matching and TRSX edits are core/discover; the stream is reviewSession.ts.
import * as vscode from 'vscode';
import { dirname } from 'node:path';
import type { ConnectionRegistry } from '../../core/connections/connectionRegistry';
import { readIgnored } from '../../core/discover/ignored';
import { readReviewedApp, writeReviewedApp } from '../../core/discover/reviewedApp';
import { TrainingIndex } from '../../core/discover/training';
import type { Logger } from '../../core/logger';
import { STATE_DIR, STATE_FILE } from '../../core/workspace/workspacePaths';
import { findWorkspaceRoot } from '../../core/sync/workspace';
import { argObject, type CommandSink } from '../../host/commands';
import { resolveConnection } from '../../host/connectionPick';
import { ViewIds } from '../../host/contextValues';
import type { AttachableTreeView } from '../../host/lazyTreeView';
import { Disposable } from '../../host/lifecycle';
import { answered, type Prompter } from '../../host/prompter';
import { pickRuntimeApp } from '../../host/runtimeAppPick';
import type { ActiveReview, DiscoverContext } from './discoverContext';
import {
  AddUtteranceAsCommand,
  AddUtteranceCommand,
  FilterUtterancesCommand,
  IgnoreUtteranceCommand,
  OpenUtterancesCommand,
  PlayUtteranceCommand,
  ResetIgnoredCommand,
  ShowMoreUtterancesCommand,
  StopReviewCommand,
} from './discoverCommands';
import { ReviewSession } from './reviewSession';
import { UtterancesModel } from './utterancesModel';
import { UtterancesView, type UtteranceNode } from './utterancesView';

const TITLE = 'Review Utterances';

export interface DiscoverFeatureDeps {
  readonly registry: ConnectionRegistry;
  readonly prompter: Prompter;
  readonly commands: CommandSink;
  readonly logger: Logger;
  /** The Utterances view, created at activation; the feature provides its rows. */
  readonly tree: AttachableTreeView<UtteranceNode>;
}

/** What the extension-host tests read. */
export interface DiscoverTestingApi {
  readonly model: UtterancesModel;
  /** Records read by the running review (0 without one). */
  records(): number;
  /** The view's row of an utterance, as VS Code shows it. */
  row(id: string): vscode.TreeItem | undefined;
}

export class DiscoverFeature extends Disposable {
  readonly testing: DiscoverTestingApi;
  private readonly model = new UtterancesModel();
  private readonly view: UtterancesView;
  private session: ReviewSession | undefined;
  private review: ActiveReview | undefined;

  constructor(private readonly deps: DiscoverFeatureDeps) {
    super();
    this._register(this.model);
    this.view = this._register(new UtterancesView(this.model, deps.tree));
    this._register({
      dispose: () => {
        void this.session?.stop();
      },
    });
    const ctx: DiscoverContext = {
      model: this.model,
      prompter: deps.prompter,
      logger: deps.logger,
      view: () => this.view,
      requireReview: () => {
        if (!this.review) throw new Error('No review is running; start one with "Review Utterances…".');
        return this.review;
      },
      open: (arg) => this.open(arg),
      stop: () => this.stop(),
      runCommand: (id, arg) => vscode.commands.executeCommand(id, arg),
    };
    deps.commands.register(
      new OpenUtterancesCommand(ctx),
      new ShowMoreUtterancesCommand(ctx),
      new FilterUtterancesCommand(ctx),
      new AddUtteranceCommand(ctx),
      new AddUtteranceAsCommand(ctx),
      new IgnoreUtteranceCommand(ctx),
      new ResetIgnoredCommand(ctx),
      new PlayUtteranceCommand(ctx),
      new StopReviewCommand(ctx),
    );
    this.testing = {
      model: this.model,
      records: () => this.session?.records ?? 0,
      row: (id) => {
        const item = this.model.get(id);
        return item ? this.view.getTreeItem({ kind: 'utterance', item, id }) : undefined;
      },
    };
  }

  /** The application and folder being reviewed now, if any (Model Health counts its traffic's coverage). */
  get reviewing(): { readonly connectionId: string; readonly topic: string; readonly root: string } | undefined {
    return this.session ? this.review?.target : undefined;
  }

  private async open(arg: unknown): Promise<{ topic: string; root: string }> {
    const options = argObject(arg);
    const { prompter, registry } = this.deps;
    const connection = await resolveConnection(registry, prompter, arg, { title: TITLE });
    const root = typeof options.root === 'string' ? options.root : await this.pickFolder();
    const remembered = await readReviewedApp(root);
    const session = await registry.session(connection.id);
    // The same application pick as Stream Event Logs (it used to be a typed ID here); the folder's last one first.
    const topic =
      typeof options.topic === 'string'
        ? options.topic
        : (await pickRuntimeApp(session.client, prompter, TITLE, { remembered })).topic;
    const from =
      options.from === 'beginning' || options.from === 'committed'
        ? options.from
        : await answered(
            prompter.pick(
              [
                { label: 'Continue where the last review stopped', value: 'committed' as const },
                { label: 'From the beginning', value: 'beginning' as const },
              ],
              { title: `${TITLE}: ${topic}` },
            ),
            TITLE,
          );
    const training = await TrainingIndex.load(root);
    if (training.locales.length === 0)
      throw new Error(`${root} has no <locale>/<locale>.trsx; pull the project again.`);
    await this.stop();
    this.model.clear();
    this.model.setIgnored(await readIgnored(root));
    const target = { connectionId: connection.id, topic, root };
    this.review = { target, training };
    this.view.setMessage(`Reading ${topic}…`);
    this.session = new ReviewSession({
      target,
      requester: session.client.requester,
      model: this.model,
      training,
      from,
      logger: this.deps.logger,
    });
    this.view.setActive(true);
    this.view.view.title = `Utterances: ${topic}`;
    await writeReviewedApp(root, topic);
    void vscode.commands.executeCommand(`${ViewIds.utterances}.focus`);
    this.deps.logger.info(`reviewing ${topic} against ${root} (${from})`);
    return { topic, root };
  }

  private async stop(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    if (session) await session.stop();
    this.view.setActive(false);
  }

  /** The pulled project folders of the window: the only one, or the user's pick. */
  private async pickFolder(): Promise<string> {
    const roots = new Set<string>();
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const root = await findWorkspaceRoot(folder.uri.fsPath);
      if (root) roots.add(root);
    }
    for (const uri of await vscode.workspace.findFiles(`**/${STATE_DIR}/${STATE_FILE}`, '**/node_modules/**', 50))
      roots.add(dirname(dirname(uri.fsPath)));
    const list = [...roots].sort();
    if (list.length === 0)
      throw new Error(
        'No pulled project folder is open; pull the project first (Conversational Studio: Pull Project…) and open its folder.',
      );
    if (list.length === 1) return list[0] as string;
    return answered(
      this.deps.prompter.pick(
        list.map((r) => ({ label: vscode.workspace.asRelativePath(r), description: r, value: r })),
        { title: TITLE, placeholder: 'Pulled project folder' },
      ),
      TITLE,
    );
  }
}
