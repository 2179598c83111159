// "Show Dialog Flow": the components of a project's dialog.json and the transitions between them, drawn in a
// webview (dialogFlowHtml.ts); a click on a component or node opens dialog.json there (the reveal command).
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { readDialog } from '../../core/dialog/dialogModel';
import { flowGraph } from '../../core/dialog/flowGraph';
import { DIALOG_FILE } from '../../core/package/layout';
import { STATE_DIR } from '../../core/workspace/workspacePaths';
import { CommandIds } from '../../host/commandIds';
import type { Command } from '../../host/commands';
import { Disposable } from '../../host/lifecycle';
import { dialogFlowHtml, FLOW_PAGE_COMMANDS } from './dialogFlowHtml';

/** The dialog.json a command means: its argument, the active editor's, else the workspace's first. */
async function dialogUri(arg: unknown): Promise<vscode.Uri> {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string') return vscode.Uri.parse(arg);
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active && basename(active.path) === DIALOG_FILE) return active;
  const found = await vscode.workspace.findFiles(`**/${DIALOG_FILE}`, `**/{node_modules,${STATE_DIR}}/**`, 1);
  if (found[0]) return found[0];
  throw new Error(
    'No dialog.json to show: open a pulled project folder (cstudio pull) that has one, or open the file.',
  );
}

export class ShowDialogFlowCommand extends Disposable implements Command {
  readonly id = CommandIds.dialogShowFlow;
  private panel: vscode.WebviewPanel | undefined;

  constructor(private readonly extensionUri: vscode.Uri) {
    super();
    this._register({ dispose: () => this.panel?.dispose() });
  }

  /** Argument (optional): the dialog.json's URI. Returns the page's HTML (the tests read it). */
  async execute(arg?: unknown): Promise<string> {
    const uri = await dialogUri(arg);
    const doc = await vscode.workspace.openTextDocument(uri);
    const model = readDialog(doc.getText());
    const panel = this.ensurePanel();
    const title = `Dialog Flow: ${model.projectName || basename(vscode.Uri.joinPath(uri, '..').path)}`;
    panel.title = title;
    const stylesheet = panel.webview
      .asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'dialogFlow.css'))
      .toString();
    panel.webview.html = dialogFlowHtml(panel.webview.cspSource, stylesheet, title, uri.toString(), flowGraph(model));
    panel.reveal();
    return panel.webview.html;
  }

  private ensurePanel(): vscode.WebviewPanel {
    if (this.panel) return this.panel;
    const panel = vscode.window.createWebviewPanel('cstudio.dialogFlow', 'Dialog Flow', vscode.ViewColumn.Beside, {
      enableScripts: false,
      // Links run only the page's own command.
      enableCommandUris: FLOW_PAGE_COMMANDS,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'media')],
    });
    panel.onDidDispose(() => {
      this.panel = undefined;
    });
    this.panel = panel;
    return panel;
  }
}

/** Opens dialog.json at an offset (the flow page's links). */
export class RevealDialogOffsetCommand implements Command {
  readonly id = CommandIds.dialogRevealOffset;

  async execute(uriArg?: unknown, offsetArg?: unknown): Promise<void> {
    if (typeof uriArg !== 'string' || typeof offsetArg !== 'number')
      throw new Error('Reveal needs the dialog.json URI and an offset (the flow page passes them).');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(uriArg));
    const at = doc.positionAt(offsetArg);
    await vscode.window.showTextDocument(doc, {
      selection: new vscode.Range(at, at),
      viewColumn: vscode.ViewColumn.One,
    });
  }
}
