// A minimal event source for core services (core cannot use vscode.EventEmitter). A throwing listener is
// reported and does not stop the others.

export interface Subscription {
  dispose(): void;
}

export type Listener<T> = (value: T) => void;

export class Listeners<T> {
  private readonly listeners = new Set<Listener<T>>();

  constructor(private readonly onListenerError: (err: unknown) => void = () => undefined) {}

  add(listener: Listener<T>): Subscription {
    this.listeners.add(listener);
    return {
      dispose: () => {
        this.listeners.delete(listener);
      },
    };
  }

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
