// NLU tests in VS Code's Test Explorer (issue 29): each test set file (cstudio.nluTests.include) is a test item, its
// intents children, its utterances leaves. The "Local engine" run trains the engine (core/nlu/engine) on the pulled
// project nearest to the file, in this process, as `cstudio test nlu` does; the "Deployed configuration" run asks a
// chosen configuration through the NLU runtime API, as `cstudio test nlu --tag` does (its gear changes the choice,
// which the window keeps). A failure shows expected vs predicted and sits as a
// diagnostic on the file's line, with quick fixes "Add as a sample of <expected>" (core/discover's add-as-sample
// edits) and "Show the training samples that pulled it to <predicted>". The last run (or a cross-validation from
// the palette) opens in the Model Evaluation page (evaluationHtml.ts).
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { addAsSamples } from '../../core/discover/addSamples';
import type { Logger } from '../../core/logger';
import { trainingInputFromTrsx } from '../../core/nlu/engine/fromTrsx';
import { trainNluModel } from '../../core/nlu/engine/train';
import type { NluModel } from '../../core/nlu/engine/types';
import { evaluationReport, type EvaluationReport } from '../../core/nlu/evaluation/evaluationReport';
import { interpretedPrediction } from '../../core/nlu/evaluation/interpretedPrediction';
import { crossValidate } from '../../core/nlu/evaluation/localEvaluation';
import { isCorrect, type Prediction } from '../../core/nlu/evaluation/prediction';
import { predictThrough, runtimeInterpreter } from '../../core/nlu/evaluation/remoteEvaluation';
import { readTestSet } from '../../core/nlu/evaluation/readTestSet';
import type { TestSet, TestUtterance } from '../../core/nlu/evaluation/testSet';
import { isLocaleName } from '../../core/package/locale';
import { trsxPath } from '../../core/package/layout';
import { nluModelUrn } from '../../core/platform/nluRuntime';
import { loadTrainingSource, type NluEngine, type TrainingSource } from '../../core/nlu/evaluation/trainingSource';
import { argObject, type CommandSink } from '../../host/commands';
import { CommandIds } from '../../host/commandIds';
import { Disposable } from '../../host/lifecycle';
import type { Prompter } from '../../host/prompter';
import { projectFolderOf } from '../../core/package/projectFolder';
import { pickPulledFolder, workspaceProjects } from '../../host/pulledFolder';
import { pickRuntimeTarget, RuntimeClients, type RuntimeTarget, type RuntimeTargets } from '../../host/runtimeTargets';
import type { NluTestSettings } from '../../host/settings';
import { EVALUATION_PAGE_COMMANDS, evaluationHtml } from './evaluationHtml';

export interface NluTestsFeatureDeps {
  readonly extensionUri: vscode.Uri;
  readonly commands: CommandSink;
  readonly prompter: Prompter;
  readonly logger: Logger;
  readonly settings: () => NluTestSettings;
  /** The deployed configurations the "Deployed configuration" run profile offers. */
  readonly targets: RuntimeTargets;
}

const ENGINE: NluEngine = { train: trainNluModel, fromTrsx: trainingInputFromTrsx };
const DIAGNOSTIC_SOURCE = 'NLU tests';
const NEAREST = 10;
/** Requests in flight at once on a deployed-configuration run (the CLI's default too). */
const RUNTIME_CONCURRENCY = 8;
const DEPLOYED_TITLE = 'Run NLU Tests against a Deployed Configuration';

type RunMode = 'local' | 'deployed';

/** The model a run asks: the engine trained here, or a deployed configuration. */
interface Asked {
  /** What the report calls it. */
  readonly model: string;
  /** The pulled project the set belongs to (its TRSX takes the quick fixes' samples); absent: no quick fixes. */
  readonly project: string | undefined;
  readonly locale: string;
  /** One answer per utterance, in the order of `utterances`. */
  predict(set: TestSet, utterances: readonly TestUtterance[], signal: AbortSignal): Promise<Prediction[]>;
}
interface Trained {
  readonly source: TrainingSource;
  readonly project: string;
  readonly model: NluModel;
  /** The TRSX's modification time it was trained from: a changed file trains again. */
  readonly mtimeMs: number;
}

interface Failure {
  readonly prediction: Prediction;
  readonly project: string | undefined;
  readonly locale: string;
}

/** What the extension-host tests read. */
export interface NluTestsState {
  readonly controller: vscode.TestController;
  readonly runProfile: vscode.TestRunProfile;
  readonly deployedRunProfile: vscode.TestRunProfile;
  /** The configuration deployed runs ask, once chosen. */
  readonly deployedTarget: string | undefined;
  readonly lastReport: EvaluationReport | undefined;
  /** Why the last run could not test a set (training or reading failed), if it could not. */
  readonly lastProblem: string | undefined;
  readonly evaluationHtml: string | undefined;
}

export class NluTestsFeature extends Disposable {
  readonly controller: vscode.TestController;
  private readonly runProfile: vscode.TestRunProfile;
  private readonly deployedRunProfile: vscode.TestRunProfile;
  private target: RuntimeTarget | undefined;
  private readonly clients: RuntimeClients;
  private problem: string | undefined;
  private readonly diagnostics: vscode.DiagnosticCollection;
  private readonly trained = new Map<string, Trained>();
  private readonly failures = new Map<string, Failure>();
  private report: { report: EvaluationReport; files: Record<string, string> } | undefined;
  private panel: vscode.WebviewPanel | undefined;
  private html: string | undefined;

  constructor(private readonly deps: NluTestsFeatureDeps) {
    super();
    this.controller = this._register(vscode.tests.createTestController('cstudio.nluTests', 'NLU Tests'));
    this.diagnostics = this._register(vscode.languages.createDiagnosticCollection('cstudio-nlu-tests'));
    this.controller.resolveHandler = async (item) => {
      if (item) await this.resolveSet(item);
      else await this.discover();
    };
    this.controller.refreshHandler = () => this.discover();
    this.clients = this._register(new RuntimeClients(deps.logger));
    this.runProfile = this.controller.createRunProfile(
      'Local engine',
      vscode.TestRunProfileKind.Run,
      (request, token) => this.run(request, token, 'local'),
      true,
    );
    this.deployedRunProfile = this.controller.createRunProfile(
      'Deployed configuration',
      vscode.TestRunProfileKind.Run,
      (request, token) => this.run(request, token, 'deployed'),
      false,
    );
    this.deployedRunProfile.configureHandler = () => {
      void this.chooseTarget().catch((e: unknown) => this.deps.prompter.warn((e as Error).message));
    };
    const watcher = this._register(vscode.workspace.createFileSystemWatcher(deps.settings().include));
    this._register(watcher.onDidCreate((uri) => this.addSetItem(uri)));
    this._register(watcher.onDidDelete((uri) => this.controller.items.delete(uri.toString())));
    this._register(
      watcher.onDidChange((uri) => {
        const item = this.controller.items.get(uri.toString());
        if (item) void this.resolveSet(item);
      }),
    );
    this._register(
      vscode.languages.registerCodeActionsProvider([{ scheme: 'file', pattern: '**/*.{csv,tsv,trsx}' }], {
        provideCodeActions: (doc, _range, ctx) => this.codeActions(doc, ctx),
      }),
    );
    deps.commands.register({ id: CommandIds.nluTestsShowEvaluation, execute: () => this.showEvaluation() });
    deps.commands.register({
      id: CommandIds.nluTestsCrossValidate,
      execute: (arg: unknown) => this.crossValidateCommand(arg),
    });
    deps.commands.register({ id: CommandIds.nluTestsOpenLine, execute: (arg: unknown) => this.openLine(arg) });
    deps.commands.register({ id: CommandIds.nluTestsShowPulling, execute: (arg: unknown) => this.showPulling(arg) });
    deps.commands.register({ id: CommandIds.nluTestsAddSample, execute: (arg: unknown) => this.addSample(arg) });
    this._register({ dispose: () => this.panel?.dispose() });
    void this.discover();
  }

  get state(): NluTestsState {
    return {
      controller: this.controller,
      runProfile: this.runProfile,
      deployedRunProfile: this.deployedRunProfile,
      deployedTarget: this.target?.contextTag,
      lastReport: this.report?.report,
      lastProblem: this.problem,
      evaluationHtml: this.html,
    };
  }

  /** Asks which configuration deployed runs use (the profile's gear, or a first deployed run); kept for the window. */
  private async chooseTarget(): Promise<RuntimeTarget | undefined> {
    const chosen = await pickRuntimeTarget(this.deps.targets, this.deps.prompter, DEPLOYED_TITLE);
    if (chosen) this.target = chosen;
    return chosen;
  }

  /** Lists the workspace's test set files as root items. */
  async discover(): Promise<void> {
    const files = await vscode.workspace.findFiles(this.deps.settings().include, '**/node_modules/**');
    for (const uri of files.sort((a, b) => a.fsPath.localeCompare(b.fsPath))) this.addSetItem(uri);
  }

  private addSetItem(uri: vscode.Uri): vscode.TestItem {
    const existing = this.controller.items.get(uri.toString());
    if (existing) return existing;
    const item = this.controller.createTestItem(uri.toString(), vscode.workspace.asRelativePath(uri), uri);
    item.canResolveChildren = true;
    this.controller.items.add(item);
    return item;
  }

  /** Reads a set file into intents and utterances (a file that cannot be read shows its error on the item). */
  private async resolveSet(item: vscode.TestItem): Promise<TestSet | undefined> {
    if (!item.uri || item.parent) return undefined;
    let set: TestSet;
    try {
      set = await readTestSet(item.uri.fsPath);
      item.error = undefined;
    } catch (e) {
      item.error = (e as Error).message;
      item.children.replace([]);
      return undefined;
    }
    const intents = new Map<string, vscode.TestItem>();
    for (const u of set.utterances) {
      let intent = intents.get(u.intent);
      if (!intent) {
        intent = this.controller.createTestItem(`${item.id}#${u.intent}`, u.intent, item.uri);
        intents.set(u.intent, intent);
      }
      const leaf = this.controller.createTestItem(`${item.id}#${u.intent}#${u.line}`, u.text, item.uri);
      leaf.range = new vscode.Range(u.line - 1, 0, u.line - 1, 0);
      intent.children.add(leaf);
    }
    item.children.replace([...intents.values()]);
    return set;
  }

  private async run(request: vscode.TestRunRequest, token: vscode.CancellationToken, mode: RunMode): Promise<void> {
    // A deployed run with no configuration chosen yet asks first (dismissed: no run).
    const target =
      mode === 'deployed'
        ? (this.target ??
          (await this.chooseTarget().catch((e: unknown) => {
            void this.deps.prompter.warn((e as Error).message);
            return undefined;
          })))
        : undefined;
    if (mode === 'deployed' && !target) return;
    const run = this.controller.createTestRun(request);
    const stop = new AbortController();
    const cancel = token.onCancellationRequested(() => stop.abort());
    const predictions: Prediction[] = [];
    const sets: TestSet[] = [];
    const files: Record<string, string> = {};
    const models = new Set<string>();
    this.problem = undefined;
    try {
      for (const [id, chosen] of this.requestedSets(request)) {
        if (token.isCancellationRequested) break;
        const item = this.controller.items.get(id);
        if (!item?.uri) continue;
        const set = await this.resolveSet(item);
        if (!set) {
          this.problem = item.error ? String(item.error) : 'The test set could not be read.';
          run.errored(item, new vscode.TestMessage(this.problem));
          continue;
        }
        // The chosen utterances and their leaves, in the set's order (the order of the answers too).
        const asked: TestUtterance[] = [];
        const leaves: vscode.TestItem[] = [];
        for (const u of set.utterances) {
          const leaf = item.children.get(`${item.id}#${u.intent}`)?.children.get(`${item.id}#${u.intent}#${u.line}`);
          if (!leaf || (chosen && !chosen.has(leaf.id))) continue;
          asked.push(u);
          leaves.push(leaf);
        }
        const file = item.uri.fsPath;
        let answers: Prediction[];
        let model: Asked;
        const started = performance.now();
        try {
          model = target ? await this.deployed(file, target) : await this.local(file, stop.signal);
          for (const leaf of leaves) run.started(leaf);
          answers = await model.predict(set, asked, stop.signal);
        } catch (e) {
          if (token.isCancellationRequested) break;
          this.problem = (e as Error).message;
          this.deps.logger.warn(`NLU tests: cannot test ${file}`, e);
          run.errored(item, new vscode.TestMessage(this.problem));
          continue;
        }
        const each = answers.length > 0 ? (performance.now() - started) / answers.length : 0;
        models.add(model.model);
        sets.push(set);
        files[set.name] = file;
        for (const key of [...this.failures.keys()]) if (key.startsWith(`${file}:`)) this.failures.delete(key);
        const diagnostics: vscode.Diagnostic[] = [];
        for (const [i, p] of answers.entries()) {
          const leaf = leaves[i] as vscode.TestItem;
          predictions.push(p);
          if (isCorrect(p)) {
            run.passed(leaf, each);
            continue;
          }
          const message = vscode.TestMessage.diff(
            `Expected ${p.expected}, ${model.model} predicted ${p.predicted} (confidence ${p.confidence.toFixed(2)})`,
            p.expected,
            p.predicted,
          );
          message.location = new vscode.Location(item.uri, new vscode.Range(p.line - 1, 0, p.line - 1, 0));
          run.failed(leaf, message, each);
          this.failures.set(`${file}:${p.line}`, { prediction: p, project: model.project, locale: model.locale });
          const d = new vscode.Diagnostic(
            new vscode.Range(p.line - 1, 0, p.line - 1, Number.MAX_SAFE_INTEGER),
            `Expected ${p.expected}, the model predicted ${p.predicted} (${p.confidence.toFixed(2)})`,
            vscode.DiagnosticSeverity.Error,
          );
          d.source = DIAGNOSTIC_SOURCE;
          d.code = 'nlu-test-failure';
          diagnostics.push(d);
        }
        this.diagnostics.set(item.uri, diagnostics);
      }
      if (predictions.length > 0) {
        this.report = {
          report: evaluationReport(
            [...models].join(', '),
            sets.map((s) => ({
              name: s.name,
              file: files[s.name] ?? s.file,
              format: s.format,
              utterances: s.utterances.length,
            })),
            predictions,
          ),
          files,
        };
        if (this.panel) this.render();
      }
    } finally {
      cancel.dispose();
      run.end();
    }
  }

  /** The sets a run request names: set item id → its chosen leaf ids (undefined: all of it). */
  private requestedSets(request: vscode.TestRunRequest): Map<string, Set<string> | undefined> {
    const roots = new Map<string, Set<string> | undefined>();
    for (const item of request.include ?? [...this.collection(this.controller.items)]) {
      const root = rootOf(item);
      const leaves = item === root ? undefined : new Set(this.leavesOf(item).map((l) => l.id));
      const had = roots.get(root.id);
      if (leaves === undefined || (roots.has(root.id) && had === undefined)) roots.set(root.id, undefined);
      else roots.set(root.id, new Set([...(had ?? []), ...leaves]));
    }
    return roots;
  }

  /** The engine trained here on the set's project: answers in process, in the set's order. */
  private async local(file: string, signal: AbortSignal): Promise<Asked> {
    const trained = await this.trainedFor(file, signal);
    return {
      model: 'local engine',
      project: trained.project,
      locale: trained.source.locale,
      predict: async (set, utterances) =>
        utterances.map((u) => interpretedPrediction(set.name, u, trained.model.interpret(u.text))),
    };
  }

  /**
   * The deployed configuration, in the locale of the set's project (en-US when it has it, or when the set is in no
   * pulled project): requests through its runtime client, a few at a time, pausing on 429s.
   */
  private async deployed(file: string, target: RuntimeTarget): Promise<Asked> {
    const project = await this.projectOf(file);
    const locale = (project && (await this.localeOf(project))) ?? 'en-US';
    const uri = nluModelUrn(target.contextTag, locale);
    const interpret = runtimeInterpreter(this.clients.clientOf(target), uri, 'nlu-tests');
    return {
      model: `${target.contextTag} (${target.description}, ${locale})`,
      project,
      locale,
      predict: (set, utterances, signal) =>
        predictThrough(interpret, [{ ...set, utterances: [...utterances] }], {
          concurrency: RUNTIME_CONCURRENCY,
          signal,
        }),
    };
  }

  private *collection(items: vscode.TestItemCollection): Iterable<vscode.TestItem> {
    const out: vscode.TestItem[] = [];
    items.forEach((i) => out.push(i));
    yield* out;
  }

  private leavesOf(item: vscode.TestItem): vscode.TestItem[] {
    if (item.children.size === 0) return [item];
    return [...this.collection(item.children)].flatMap((c) => this.leavesOf(c));
  }

  /** The engine trained on the pulled project nearest to `file` (again only when its TRSX changed). */
  /** The project folder holding `file`, or else the workspace's first. */
  private async projectOf(file: string): Promise<string | undefined> {
    return projectFolderOf(file) ?? (await workspaceProjects())[0];
  }

  private async trainedFor(file: string, signal: AbortSignal): Promise<Trained> {
    const project = await this.projectOf(file);
    if (!project)
      throw new Error(
        `No pulled project folder holds ${basename(file)} or is in the workspace; pull the project first (Conversational Studio: Pull).`,
      );
    return this.train(project, signal);
  }

  private async train(project: string, signal: AbortSignal): Promise<Trained> {
    const source = await loadTrainingSource(project, ENGINE, await this.localeOf(project));
    const mtimeMs = (await stat(source.file)).mtimeMs;
    const known = this.trained.get(project);
    if (known && known.mtimeMs === mtimeMs && known.source.file === source.file) return known;
    const model = await ENGINE.train(source.input, { signal });
    const trained = { source, project, model, mtimeMs };
    this.trained.set(project, trained);
    return trained;
  }

  /** en-US when the project has it, else its first locale folder (a project with one locale needs no choice). */
  private async localeOf(project: string): Promise<string | undefined> {
    const entries = await readdir(project, { withFileTypes: true }).catch(() => []);
    const locales = entries
      .filter((e) => e.isDirectory() && isLocaleName(e.name))
      .map((e) => e.name)
      .sort();
    return locales.includes('en-US') ? 'en-US' : locales[0];
  }

  private codeActions(doc: vscode.TextDocument, ctx: vscode.CodeActionContext): vscode.CodeAction[] {
    const out: vscode.CodeAction[] = [];
    for (const d of ctx.diagnostics) {
      if (d.source !== DIAGNOSTIC_SOURCE) continue;
      const failure = this.failures.get(`${doc.uri.fsPath}:${d.range.start.line + 1}`);
      if (!failure) continue;
      const p = failure.prediction;
      const project = failure.project;
      if (!project) continue;
      const add = new vscode.CodeAction(`Add as a sample of ${p.expected}`, vscode.CodeActionKind.QuickFix);
      add.diagnostics = [d];
      add.command = {
        command: CommandIds.nluTestsAddSample,
        title: add.title,
        arguments: [{ file: doc.uri.fsPath, line: p.line }],
      };
      const why = new vscode.CodeAction(
        `Show the training samples that pulled it to ${p.predicted}`,
        vscode.CodeActionKind.QuickFix,
      );
      why.diagnostics = [d];
      why.command = {
        command: CommandIds.nluTestsShowPulling,
        title: why.title,
        arguments: [{ text: p.text, intent: p.predicted, project }],
      };
      out.push(add, why);
    }
    return out;
  }

  private async addSample(arg: unknown): Promise<void> {
    const { file, line } = argObject(arg);
    const failure = this.failures.get(`${String(file)}:${String(line)}`);
    if (!failure) throw new Error('That test utterance has no failure to fix any more; run the test again.');
    const p = failure.prediction;
    if (!failure.project)
      throw new Error(
        `${basename(String(file))} is in no pulled project, so there is no TRSX to add the sample to; pull the project into the workspace.`,
      );
    const target = join(failure.project, ...trsxPath(failure.locale).split('/'));
    const ok = await this.deps.prompter.confirm(
      `Add "${p.text}" as a sample of ${p.expected} to ${vscode.workspace.asRelativePath(target)}?`,
      { action: 'Add Sample' },
    );
    if (!ok) return;
    const [added] = await addAsSamples(
      failure.project,
      [
        {
          utterance: {
            id: `nlu-test:${basename(String(file))}:${p.line}`,
            text: p.text,
            intent: p.expected,
            confidence: p.confidence,
            entities: [],
            locale: failure.locale,
            topic: 'nlu-tests',
            partition: 0,
            offset: 0,
          },
        },
      ],
      [failure.locale],
    );
    void this.deps.prompter.info(
      `${added?.action === 'counted' ? 'Raised the count of the identical sample' : 'Added the sample'} of ${p.expected} in ${added?.path ?? target}.`,
    );
  }

  private async showPulling(arg: unknown): Promise<void> {
    const a = argObject(arg);
    const text = String(a.text ?? '');
    const intent = String(a.intent ?? '');
    const project =
      typeof a.project === 'string' ? a.project : ([...this.trained.keys()][0] ?? (await workspaceProjects())[0]);
    if (!project) throw new Error('No pulled project in the workspace to explain the answer with.');
    const trained = await this.train(project, new AbortController().signal);
    const nearest = trained.model.nearestSamples(text, intent, NEAREST);
    if (nearest.length === 0) {
      void this.deps.prompter.info(`${intent} has no training samples in ${basename(project)}.`);
      return;
    }
    const chosen = await this.deps.prompter.pick(
      nearest.map((s) => ({
        label: s.text,
        description: `${(s.similarity * 100).toFixed(0)}% alike`,
        detail: s.source
          ? `${vscode.workspace.asRelativePath(s.source.file ?? trained.source.file)}:${s.source.line}`
          : undefined,
        value: s,
      })),
      { title: `Training samples of ${intent} nearest to "${text}"` },
    );
    if (chosen?.source)
      await this.openLine({ file: chosen.source.file ?? trained.source.file, line: chosen.source.line });
  }

  private async openLine(arg: unknown): Promise<void> {
    const { file, line } = argObject(arg);
    if (typeof file !== 'string' || typeof line !== 'number') throw new Error('Open Test Line needs { file, line }.');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    const at = new vscode.Position(Math.max(0, line - 1), 0);
    await vscode.window.showTextDocument(doc, {
      selection: new vscode.Range(at, at),
      viewColumn: vscode.ViewColumn.One,
    });
  }

  private async crossValidateCommand(arg: unknown): Promise<void> {
    const given = argObject(arg);
    const project = await pickPulledFolder(arg, this.deps.prompter, 'Cross-validate which project?');
    if (!project) return;
    const folds = typeof given.folds === 'number' ? given.folds : 5;
    const report = await this.deps.prompter.withProgress(
      { title: `Cross-validating ${basename(project)} (${folds} folds)`, cancellable: true },
      async (progress, signal) => {
        const source = await loadTrainingSource(project, ENGINE, await this.localeOf(project));
        let reported = 0;
        const predictions = await crossValidate(source.input, folds, {
          train: ENGINE.train,
          setName: basename(source.file),
          signal,
          onProgress: (done, total) => {
            const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
            if (percent > reported) {
              progress.report({ message: `${done}/${total} samples`, increment: percent - reported });
              reported = percent;
            }
          },
        });
        return {
          report: evaluationReport(
            `local engine, ${folds}-fold cross-validation of ${basename(project)}`,
            [{ name: basename(source.file), file: source.file, format: 'folds', utterances: predictions.length }],
            predictions,
            folds,
          ),
          files: { [basename(source.file)]: source.file },
        };
      },
    );
    this.report = report;
    await this.showEvaluation();
  }

  private async showEvaluation(): Promise<void> {
    if (!this.report) {
      void this.deps.prompter.info(
        'No NLU evaluation yet: run the NLU tests in the Test Explorer, or Cross-Validate the NLU Model.',
      );
      return;
    }
    if (!this.panel) {
      const media = vscode.Uri.joinPath(this.deps.extensionUri, 'media');
      this.panel = vscode.window.createWebviewPanel(
        'cstudio.nluEvaluation',
        'Model Evaluation',
        vscode.ViewColumn.Active,
        {
          enableScripts: true,
          enableCommandUris: EVALUATION_PAGE_COMMANDS,
          localResourceRoots: [media],
        },
      );
      this.panel.onDidDispose(() => {
        this.panel = undefined;
      });
    }
    this.render();
    this.panel.reveal();
  }

  private render(): void {
    if (!this.panel || !this.report) return;
    const webview = this.panel.webview;
    const media = vscode.Uri.joinPath(this.deps.extensionUri, 'media');
    this.html = evaluationHtml(this.report.report, this.report.files, {
      cspSource: webview.cspSource,
      stylesheet: webview.asWebviewUri(vscode.Uri.joinPath(media, 'nluEvaluation.css')).toString(),
      script: webview.asWebviewUri(vscode.Uri.joinPath(media, 'nluEvaluation.js')).toString(),
      nonce: randomBytes(16).toString('base64'),
    });
    webview.html = this.html;
  }
}

function rootOf(item: vscode.TestItem): vscode.TestItem {
  let at = item;
  while (at.parent) at = at.parent;
  return at;
}
