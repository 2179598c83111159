// A feature bundled apart from the startup bundle (dist/<feature>.js) and started on first use: its commands are
// registered at activation as shells, and the first invocation of any of them, or a call to `load()` (a view
// shown, a document of its kind), requires the bundle and starts the feature. The feature registers its commands
// into this object's table instead of VS Code's, so each command id is registered once, by the shell.
import * as vscode from 'vscode';
import type { ConnectionRegistry } from '../core/connections/connectionRegistry';
import type { Command, CommandRegistry, CommandSink } from './commands';
import type { CommandId } from './commandIds';
import { lazyTreeView, type AttachableTreeView } from './lazyTreeView';
import { Disposable, type IDisposable } from './lifecycle';

export interface FeatureOnDemandOptions<F extends IDisposable> {
  /** What the user would call it, for errors ("the explorer"). */
  readonly name: string;
  /** Every command the feature registers; checked when it loads. */
  readonly commandIds: readonly CommandId[];
  readonly commands: CommandRegistry;
  /** Requires the feature's bundle and starts it, its commands going to `sink`. */
  readonly start: (sink: CommandSink) => F;
}

/**
 * What a feature's shell is given: the feature's deps but those it gets when it starts (`commands`, and `Given`: its
 * view, the connections), the path of its bundle (dist/<name>Feature.js), and the registry its command shells go to.
 */
export type ShellDeps<D, Given extends keyof D = never> = Omit<D, 'commands' | Given> & {
  readonly bundlePath: string;
  readonly commands: CommandRegistry;
};

/**
 * The shell of a feature that talks to a platform: the connection registry is made by the connections feature, so
 * the shell gets a function that loads it, called when this feature starts.
 */
export type PlatformShellDeps<
  D extends { readonly registry: ConnectionRegistry },
  Given extends keyof D = never,
> = ShellDeps<D, 'registry' | Given> & { readonly registry: () => ConnectionRegistry };

export class FeatureOnDemand<F extends IDisposable> extends Disposable {
  private loaded: F | undefined;
  private readonly bodies = new Map<string, Command>();
  private readonly didLoad = this._register(new vscode.EventEmitter<F>());

  constructor(private readonly options: FeatureOnDemandOptions<F>) {
    super();
    options.commands.register(
      ...options.commandIds.map(
        (id): Command => ({ id, execute: (...args: unknown[]) => this.body(id).execute(...args) }),
      ),
    );
  }

  /** The feature if it has been loaded, without loading it. */
  get current(): F | undefined {
    return this.loaded;
  }

  /** The feature, loaded and started now if it was not yet. */
  load(): F {
    const { name, commandIds, start } = this.options;
    if (this.isDisposed) throw new Error(`${name} was disposed (the extension is shutting down).`);
    if (this.loaded) return this.loaded;
    const table = new Map<string, Command>();
    const feature = start({
      register: (...commands) => {
        for (const c of commands) table.set(c.id, c);
      },
    });
    const missing = commandIds.filter((id) => !table.has(id));
    const unexpected = [...table.keys()].filter((id) => !(commandIds as readonly string[]).includes(id));
    if (missing.length > 0 || unexpected.length > 0) {
      feature.dispose();
      throw new Error(
        `${name} registers other commands than its startup list (missing: ${missing.join(', ') || 'none'}; not listed: ${unexpected.join(', ') || 'none'}); make the two agree.`,
      );
    }
    for (const [id, c] of table) this.bodies.set(id, c);
    this.loaded = this._register(feature);
    this.didLoad.fire(feature);
    return feature;
  }

  /**
   * An event of the feature that exists before it loads: it fires once when the feature loads, then whenever the
   * feature's own event does (the walkthrough's conditions listen to features that may not be loaded yet).
   */
  eventOf(pick: (feature: F) => vscode.Event<unknown>): vscode.Event<unknown> {
    const relay = this._register(new vscode.EventEmitter<unknown>());
    const forward = (f: F): void => {
      this._register(pick(f)((e) => relay.fire(e)));
      relay.fire(undefined);
    };
    if (this.loaded) forward(this.loaded);
    else this._register(this.didLoad.event(forward));
    return relay.event;
  }

  private body(id: string): Command {
    this.load();
    const body = this.bodies.get(id);
    if (!body) throw new Error(`${this.options.name} has no command ${id}.`);
    return body;
  }
}

/**
 * A feature on demand that owns a tree view: the view is created now, empty, and VS Code's first request for its
 * roots loads the feature (host/lazyTreeView.ts), as the first of its commands does. `start` gets the view too.
 */
export class FeatureWithView<F extends IDisposable, T> extends Disposable {
  readonly feature: FeatureOnDemand<F>;
  readonly view: vscode.TreeView<T>;

  constructor(
    view: { readonly id: string; readonly options: Omit<vscode.TreeViewOptions<T>, 'treeDataProvider'> },
    {
      start,
      ...options
    }: Omit<FeatureOnDemandOptions<F>, 'start'> & {
      readonly start: (sink: CommandSink, tree: AttachableTreeView<T>) => F;
    },
  ) {
    super();
    const tree = this._register(lazyTreeView<T>(view.id, view.options, () => this.feature.load()));
    this.view = tree.view;
    this.feature = this._register(new FeatureOnDemand({ ...options, start: (sink) => start(sink, tree) }));
  }
}
