// The test seam for every prompt a command shows: answers come from a script, in order, and every question,
// notification and progress title is recorded for assertions. Installed through the extension's testing API
// (`usePrompter`), so the commands under test run unchanged.
import type { Progress } from '../../src/core/progress';
import type {
  ConfirmOptions,
  InputOptions,
  OpenFileOptions,
  PickItem,
  PickOptions,
  ProgressTaskOptions,
  Prompter,
  SaveFileOptions,
} from '../../src/host/prompter';

export type Answer =
  | { readonly pick: string | RegExp }
  | { readonly pickMany: ReadonlyArray<string | RegExp> }
  | { readonly input: string }
  | { readonly confirm: boolean }
  | { readonly openFile: string }
  | { readonly saveFile: string }
  /** The user pressed Escape. */
  | { readonly dismiss: true };

export interface Asked {
  readonly kind: 'pick' | 'pickMany' | 'input' | 'confirm' | 'openFile' | 'saveFile';
  readonly title: string;
  /** Labels offered (picks), the proposed value (inputs), the detail (confirmations), the default name (saves). */
  readonly offered: readonly string[];
  readonly options?: unknown;
}

const matches = (label: string, want: string | RegExp): boolean =>
  typeof want === 'string' ? label === want : want.test(label);

export class ScriptedPrompter implements Prompter {
  readonly asked: Asked[] = [];
  readonly infos: string[] = [];
  readonly warnings: string[] = [];
  readonly progress: string[] = [];
  /** Messages an input's validation gave for a scripted answer (the prompt was then dismissed). */
  readonly rejected: string[] = [];
  /** Script mismatches: the command then fails quietly through the error wrapper, so tests check this. */
  readonly failures: string[] = [];
  /** When set, every progress task is cancelled this long after it starts. */
  cancelProgressAfterMs?: number;
  private readonly answers: Answer[] = [];

  script(...answers: Answer[]): this {
    this.answers.push(...answers);
    return this;
  }

  /** Answers not consumed (a test expecting a shorter dialogue fails on them). */
  get remaining(): readonly Answer[] {
    return this.answers;
  }

  reset(): void {
    this.asked.length = 0;
    this.infos.length = 0;
    this.warnings.length = 0;
    this.progress.length = 0;
    this.rejected.length = 0;
    this.failures.length = 0;
    this.answers.length = 0;
    this.cancelProgressAfterMs = undefined;
  }

  async pick<T>(items: readonly PickItem<T>[], options: PickOptions): Promise<T | undefined> {
    const answer = this.next(
      'pick',
      options.title,
      items.map((i) => i.label),
    );
    if ('dismiss' in answer) return undefined;
    const want = (answer as { pick: string | RegExp }).pick;
    const item = items.find((i) => matches(i.label, want));
    if (!item)
      throw this.fail(
        `"${options.title}": no item matches ${String(want)} among ${items.map((i) => i.label).join(', ')}`,
      );
    return item.value;
  }

  async pickMany<T>(items: readonly PickItem<T>[], options: PickOptions): Promise<T[] | undefined> {
    const answer = this.next(
      'pickMany',
      options.title,
      items.map((i) => `${i.picked ? '*' : ''}${i.label}`),
    );
    if ('dismiss' in answer) return undefined;
    const wants = (answer as { pickMany: ReadonlyArray<string | RegExp> }).pickMany;
    const chosen = items.filter((i) => wants.some((w) => matches(i.label, w))).map((i) => i.value);
    // A required pick stays open on an empty choice (WindowPrompter): the message is kept, the next answer taken.
    if (chosen.length === 0 && options.required) {
      this.rejected.push(options.required);
      return this.pickMany(items, options);
    }
    return chosen;
  }

  async input(options: InputOptions): Promise<string | undefined> {
    const answer = this.next('input', options.title, [options.value ?? ''], options);
    if ('dismiss' in answer) return undefined;
    const value = (answer as { input: string }).input;
    const problem = options.validate?.(value);
    if (problem) {
      this.rejected.push(problem);
      return undefined;
    }
    return value;
  }

  async confirm(message: string, options: ConfirmOptions): Promise<boolean> {
    const answer = this.next('confirm', message, [options.detail ?? ''], options);
    return 'confirm' in answer && answer.confirm;
  }

  async openFile(options: OpenFileOptions): Promise<string | undefined> {
    const answer = this.next('openFile', options.title, [], options);
    return 'openFile' in answer ? answer.openFile : undefined;
  }

  async saveFile(options: SaveFileOptions): Promise<string | undefined> {
    const answer = this.next('saveFile', options.title, [options.defaultName], options);
    return 'saveFile' in answer ? answer.saveFile : undefined;
  }

  async info(message: string): Promise<string | undefined> {
    this.infos.push(message);
    return undefined;
  }

  async warn(message: string): Promise<string | undefined> {
    this.warnings.push(message);
    return undefined;
  }

  async withProgress<T>(
    options: ProgressTaskOptions,
    task: (progress: Progress, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    this.progress.push(options.title);
    const controller = new AbortController();
    const timer =
      this.cancelProgressAfterMs === undefined
        ? undefined
        : setTimeout(
            () => controller.abort(Object.assign(new Error(`${options.title} was cancelled.`), { name: 'AbortError' })),
            this.cancelProgressAfterMs,
          );
    try {
      return await task(
        {
          report: ({ message }) => {
            if (message) this.progress.push(`${options.title}: ${message}`);
          },
        },
        controller.signal,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  private next(kind: Asked['kind'], title: string, offered: readonly string[], options?: unknown): Answer {
    this.asked.push({ kind, title, offered, options });
    const answer = this.answers.shift();
    if (!answer) throw this.fail(`Unexpected ${kind} "${title}": the script has no answer left.`);
    const expected = 'dismiss' in answer ? kind : (Object.keys(answer)[0] as Asked['kind']);
    if (expected !== kind)
      throw this.fail(`"${title}" asked for a ${kind}, but the script's next answer is a ${expected}.`);
    return answer;
  }

  private fail(message: string): Error {
    this.failures.push(message);
    return new Error(message);
  }
}
