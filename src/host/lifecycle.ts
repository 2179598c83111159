// Ownership of disposables: an object that creates listeners, registrations or child services registers
// them with `_register()` and releases them all in `dispose()`, so nothing outlives its owner.

export interface IDisposable {
  dispose(): unknown;
}

/** Disposes every item, in reverse order of registration, even when one of them throws. */
export function disposeAll(items: IDisposable[]): void {
  const errors: unknown[] = [];
  for (const item of items.splice(0).reverse()) {
    try {
      item.dispose();
    } catch (e) {
      errors.push(e);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, 'Several disposables failed to dispose.');
}

/** Wraps a function as a disposable; it runs once. */
export function toDisposable(fn: () => void): IDisposable {
  let done = false;
  return {
    dispose: (): void => {
      if (done) return;
      done = true;
      fn();
    },
  };
}

export abstract class Disposable implements IDisposable {
  private readonly _disposables: IDisposable[] = [];
  private _isDisposed = false;

  protected get isDisposed(): boolean {
    return this._isDisposed;
  }

  /** Takes ownership of `value`; registering after disposal disposes it at once. */
  protected _register<T extends IDisposable>(value: T): T {
    if (this._isDisposed) value.dispose();
    else this._disposables.push(value);
    return value;
  }

  dispose(): void {
    if (this._isDisposed) return;
    this._isDisposed = true;
    disposeAll(this._disposables);
  }
}
