// "Try an Utterance" (issue 28): pick the pulled project, the deployed configuration (context tag) and the locale,
// type a sentence, and the Try panel shows what the deployed model answers through the platform's NLU runtime
// (core/platform/nluRuntime.ts): the n-best, the entities highlighted in the text, and "why A and not B", the
// nearest training samples of the top candidates (core/nlu/tryExplain.ts), each a link to its TRSX line. From a
// result: add the sentence as an annotated sample of a chosen intent (core/discover/addSamples.ts, after a
// confirmation naming the file), or test an entity's grammar in the grammar tester. Thin glue over core/.
import * as vscode from 'vscode';
import { readdir } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { isInside } from '../../core/fs/pathInside';
import { addAsSamples } from '../../core/discover/addSamples';
import type { InterpretedUtterance } from '../../core/discover/utterance';
import type { Logger } from '../../core/logger';
import { explainCandidates, FolderModels, grammarFileOf, type CandidateWhy } from '../../core/nlu/tryExplain';
import { triedUtterance, type TriedCandidate, type TriedUtterance } from '../../core/nlu/tryResult';
import { isLocaleName } from '../../core/package/locale';
import { trsxPath } from '../../core/package/layout';
import { nluModelUrn } from '../../core/platform/nluRuntime';
import { withProgress } from '../../host/cancellation';
import { argObject, type CommandSink } from '../../host/commands';
import { CommandIds } from '../../host/commandIds';
import { Disposable } from '../../host/lifecycle';
import type { Prompter } from '../../host/prompter';
import { pickPulledFolder } from '../../host/pulledFolder';
import { pickRuntimeTarget, RuntimeClients, type RuntimeTarget, type RuntimeTargets } from '../../host/runtimeTargets';
import { TRY_PAGE_COMMANDS, tryHtml, type TryPage } from './tryHtml';

const TITLE = 'Try an Utterance';

export interface TryFeatureDeps {
  readonly extensionUri: vscode.Uri;
  readonly commands: CommandSink;
  readonly prompter: Prompter;
  readonly logger: Logger;
  readonly targets: RuntimeTargets;
}

/** What the panel shows now (the extension-host tests read it). */
export interface TryViewState {
  readonly folder: string;
  readonly target: RuntimeTarget;
  readonly locale: string;
  readonly page: TryPage;
  readonly html: string;
}

/** The locales of a pulled folder: its locale folders that hold their TRSX. */
async function folderLocales(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory() && isLocaleName(e.name))
    .map((e) => e.name)
    .sort();
}

/** A file of the folder, refused when it would leave it. */
function inside(folder: string, file: string): string {
  const full = resolve(folder, file);
  if (!isInside(folder, full)) throw new Error(`${file} is outside the project folder ${folder}.`);
  return full;
}

export class TryFeature extends Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private state: TryViewState | undefined;
  private readonly models = new FolderModels();
  private readonly clients: RuntimeClients;

  constructor(private readonly deps: TryFeatureDeps) {
    super();
    this.clients = this._register(new RuntimeClients(deps.logger));
    deps.commands.register({ id: CommandIds.tryUtterance, execute: (arg: unknown) => this.tryUtterance(arg) });
    deps.commands.register({ id: CommandIds.tryAgain, execute: (arg: unknown) => this.again(arg) });
    deps.commands.register({ id: CommandIds.tryAddSample, execute: (arg: unknown) => this.addSample(arg) });
    deps.commands.register({ id: CommandIds.tryOpenSample, execute: (arg: unknown) => this.openSample(arg) });
    deps.commands.register({ id: CommandIds.tryTestGrammar, execute: (arg: unknown) => this.testGrammar(arg) });
    this._register({ dispose: () => this.panel?.dispose() });
  }

  get view(): TryViewState | undefined {
    return this.state;
  }

  /** Arguments (all optional, for automation): `{ folder, tag, locale, text }`. */
  private async tryUtterance(arg: unknown): Promise<TryViewState | undefined> {
    const a = argObject(arg);
    const folder = await pickPulledFolder(arg, this.deps.prompter, `${TITLE}: which project?`);
    if (!folder) return undefined;
    const target = await pickRuntimeTarget(
      this.deps.targets,
      this.deps.prompter,
      TITLE,
      typeof a.tag === 'string' ? a.tag : undefined,
    );
    if (!target) return undefined;
    const locales = await folderLocales(folder);
    if (locales.length === 0) throw new Error(`${folder} has no locale folder; pull the project again.`);
    const locale =
      typeof a.locale === 'string'
        ? a.locale
        : locales.length === 1
          ? locales[0]
          : await this.deps.prompter.pick(
              locales.map((l) => ({ label: l, value: l })),
              { title: TITLE, placeholder: 'Locale' },
            );
    if (!locale) return undefined;
    return this.ask(folder, target, locale, typeof a.text === 'string' ? a.text : undefined);
  }

  /** The panel's "Try another sentence": the same project, configuration and locale. */
  private async again(arg: unknown): Promise<TryViewState | undefined> {
    const s = this.requireState();
    const text = argObject(arg).text;
    return this.ask(s.folder, s.target, s.locale, typeof text === 'string' ? text : undefined);
  }

  private async ask(
    folder: string,
    target: RuntimeTarget,
    locale: string,
    given: string | undefined,
  ): Promise<TryViewState | undefined> {
    const text =
      given ??
      (await this.deps.prompter.input({
        title: `${TITLE}: ${target.contextTag} (${locale})`,
        prompt: 'A sentence, as a caller would say it',
        value: this.state?.page.tried.text ?? '',
        validate: (v) => (v.trim() === '' ? 'Type a sentence.' : undefined),
      }));
    if (text === undefined) return undefined;
    const uri = nluModelUrn(target.contextTag, locale);
    const page = await withProgress({ title: `${TITLE}: ${target.contextTag}` }, async (progress, signal) => {
      progress.report({ message: 'interpreting' });
      const response = await this.clients.clientOf(target).interpret(
        {
          parameters: { interpretationResultType: 'SINGLE_INTENT', maxInterpretations: 5 },
          model: { type: 'SEMANTIC_MODEL', uri },
          input: { text },
          clientData: { 'x-cstudio': 'try-panel' },
        },
        signal,
      );
      const tried = triedUtterance(text, response);
      progress.report({ message: 'finding the nearest training samples' });
      return this.pageOf(folder, target, locale, uri, tried);
    });
    const panel = this.ensurePanel();
    const stylesheet = panel.webview
      .asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'try.css'))
      .toString();
    panel.webview.html = tryHtml(panel.webview.cspSource, stylesheet, page);
    panel.title = `Try: ${text.length > 24 ? `${text.slice(0, 24)}…` : text}`;
    panel.reveal(vscode.ViewColumn.Active);
    this.state = { folder, target, locale, page, html: panel.webview.html };
    return this.state;
  }

  /** The page, with the explanation from the folder's own model (its absence said on the page, never fatal). */
  private async pageOf(
    folder: string,
    target: RuntimeTarget,
    locale: string,
    uri: string,
    tried: TriedUtterance,
  ): Promise<TryPage> {
    const base = { tag: target.contextTag, locale, uri, tried, trsx: trsxPath(locale) };
    try {
      const folderModel = await this.models.modelOf(folder, locale);
      const why: CandidateWhy[] = explainCandidates(
        folderModel,
        tried.text,
        tried.candidates.map((c) => c.intent),
      );
      const grammarFiles: Record<string, string> = {};
      for (const e of tried.candidates.flatMap((c) => c.entities)) {
        const file = grammarFileOf(folderModel, locale, e.name);
        if (file) grammarFiles[e.name] = file;
      }
      return { ...base, why, grammarFiles };
    } catch (err) {
      this.deps.logger.warn(`no explanation from ${folder} (${locale})`, err);
      return {
        ...base,
        why: [],
        grammarFiles: {},
        whyProblem: `The nearest training samples could not be found: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
  }

  /** Adds the tried sentence to the locale's TRSX as a sample of the chosen intent, annotated with that candidate's entities. */
  private async addSample(arg: unknown): Promise<boolean> {
    const s = this.requireState();
    const intent = argObject(arg).intent;
    const candidates = s.page.tried.candidates;
    const chosen: TriedCandidate | undefined =
      typeof intent === 'string' ? candidates.find((c) => c.intent === intent) : candidates[0];
    if (!chosen) throw new Error("Choose an intent of the Try panel's interpretations.");
    const file = trsxPath(s.locale);
    const text = s.page.tried.text;
    const ok = await this.deps.prompter.confirm(`Add "${text}" as a sample of ${chosen.intent} in ${file}?`, {
      action: 'Add',
      detail:
        chosen.entities.length > 0
          ? `Annotated with ${chosen.entities.map((e) => `${e.name} "${e.literal}"`).join(', ')}.`
          : 'No entity to annotate.',
    });
    if (!ok) return false;
    const utterance: InterpretedUtterance = {
      id: `try-${Date.now()}`,
      text,
      intent: chosen.intent,
      confidence: chosen.confidence,
      locale: s.locale,
      entities: chosen.entities.map((e) => ({
        name: e.name,
        literal: e.literal,
        value: e.value,
        start: e.start,
        end: e.end,
      })),
      topic: s.target.contextTag,
      partition: 0,
      offset: 0,
    };
    const [added] = await addAsSamples(s.folder, [{ utterance, intent: chosen.intent }], await folderLocales(s.folder));
    const what = added?.action === 'counted' ? `raised the count of the same sample to ${added.count}` : 'added it';
    void this.deps.prompter.info(`${basename(s.folder)}: ${what} as ${chosen.intent} in ${added?.path ?? file}.`);
    return true;
  }

  private async openSample(arg: unknown): Promise<void> {
    const s = this.requireState();
    const { file, line } = argObject(arg);
    if (typeof file !== 'string' || typeof line !== 'number') throw new Error('Open a sample from the Try panel.');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(inside(s.folder, file)));
    const at = new vscode.Position(Math.max(0, line - 1), 0);
    await vscode.window.showTextDocument(doc, {
      selection: new vscode.Range(at, doc.lineAt(at.line).range.end),
      viewColumn: vscode.ViewColumn.Beside,
    });
  }

  private async testGrammar(arg: unknown): Promise<unknown> {
    const s = this.requireState();
    const { file, literal } = argObject(arg);
    if (typeof file !== 'string') throw new Error('Test a grammar from the Try panel.');
    return vscode.commands.executeCommand(
      CommandIds.grammarTest,
      vscode.Uri.file(inside(s.folder, file)),
      undefined,
      typeof literal === 'string' ? literal : undefined,
    );
  }

  private requireState(): TryViewState {
    if (!this.state) throw new Error(`Nothing tried yet: run "${TITLE}" first.`);
    return this.state;
  }

  private ensurePanel(): vscode.WebviewPanel {
    if (this.panel) return this.panel;
    const panel = vscode.window.createWebviewPanel('cstudio.try', TITLE, vscode.ViewColumn.Active, {
      enableScripts: false,
      // Links run only the panel's own commands.
      enableCommandUris: TRY_PAGE_COMMANDS,
      localResourceRoots: [vscode.Uri.joinPath(this.deps.extensionUri, 'media')],
    });
    panel.onDidDispose(() => {
      this.panel = undefined;
    });
    this.panel = panel;
    return panel;
  }
}
