// Which pulled folder a sync command acts on, and the platform client to reach its project. A command gets a
// folder from its argument (a file or folder URI, a Source Control, `{ root }` from automation), from the
// active editor, or from the user's pick; the client comes from the connection the folder was pulled with.
import * as vscode from 'vscode';
import { resolve } from 'node:path';
import type { PlatformClient } from '../../core/platform/client';
import { findWorkspaceRoot, requireWorkspaceState, type WorkspaceState } from '../../core/sync/workspace';
import { WorkspacePaths } from '../../core/workspace/workspacePaths';
import { answered } from '../../host/prompter';
import type { SyncCommandDeps } from './syncDeps';

function pathOf(arg: unknown): string | undefined {
  if (arg instanceof vscode.Uri) return arg.scheme === 'file' ? arg.fsPath : undefined;
  if (typeof arg === 'string' && arg !== '') return resolve(arg);
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as { root?: unknown; rootUri?: unknown; resourceUri?: unknown };
  if (typeof o.root === 'string') return resolve(o.root);
  return pathOf(o.rootUri) ?? pathOf(o.resourceUri);
}

/** The pulled folder the command is about; asks when it cannot tell. */
export async function resolveRoot(deps: SyncCommandDeps, arg: unknown, title: string): Promise<string> {
  const given = pathOf(arg);
  if (given !== undefined) {
    const root = await findWorkspaceRoot(given);
    if (!root)
      throw new Error(`${given} is not inside a pulled project folder; pull a project first ("Pull Project…").`);
    return root;
  }
  const active = vscode.window.activeTextEditor?.document.uri;
  const fromEditor = active?.scheme === 'file' ? deps.model.rootOf(active.fsPath) : undefined;
  if (fromEditor) return fromEditor;
  await deps.model.rescan();
  const roots = deps.model.list();
  if (roots.length === 0) throw new Error('No pulled project folder is open; pull a project first ("Pull Project…").');
  if (roots.length === 1) return (roots[0] as { root: string }).root;
  return answered(
    deps.prompter.pick(
      roots.map((r) => ({
        label: r.status?.state.projectName ?? r.status?.state.projectId ?? r.root,
        description: vscode.workspace.asRelativePath(r.root),
        value: r.root,
      })),
      { title, placeholder: 'Pulled project folder' },
    ),
    title,
  );
}

/** The client of the connection `state` was pulled with (matched by name, else by API URL). */
export async function clientForState(deps: SyncCommandDeps, state: WorkspaceState): Promise<PlatformClient> {
  const entry = deps.registry.entryFor(state.connection);
  if (!entry) {
    throw new Error(
      `This folder was pulled from "${state.connection.name ?? state.connection.baseUrl}", which is not one of your connections; add it (Add Connection…) and try again.`,
    );
  }
  return (await deps.registry.session(entry.id)).client;
}

export async function clientForRoot(
  deps: SyncCommandDeps,
  root: string,
): Promise<{ client: PlatformClient; state: WorkspaceState }> {
  const state = await requireWorkspaceState(new WorkspacePaths(root));
  return { client: await clientForState(deps, state), state };
}
