// One review of an application's traffic against a pulled folder: a LogStream of the topic in its own consumer
// group (clientName `cstudio-review`), from where the last review left off (committed offsets) or from the
// beginning, following new records, committing as it goes; every interpreted utterance lands in the model.
// Plain Node (no VS Code), so it is tested against the sandbox like the CLI.
import type { Logger } from '../../core/logger';
import { reviewUtterances } from '../../core/discover/review';
import type { TrainingIndex } from '../../core/discover/training';
import type { Requester } from '../../core/platform/requester';
import { LogStream } from '../../core/logs/stream';
import type { LogStreamStatus } from '../../core/logs/streamOptions';
import type { UtterancesModel } from './utterancesModel';

export const REVIEW_CLIENT_NAME = 'cstudio-review';

export interface ReviewTarget {
  readonly connectionId: string;
  readonly topic: string;
  /** The pulled project folder samples are added to. */
  readonly root: string;
}

export interface ReviewSessionOptions {
  readonly target: ReviewTarget;
  readonly requester: Requester;
  readonly model: UtterancesModel;
  readonly training: TrainingIndex;
  readonly from: 'committed' | 'beginning';
  readonly logger: Logger;
  readonly onStatus?: (status: LogStreamStatus) => void;
  /** Told about every record read (tests wait on it instead of on time). */
  readonly onRecord?: (count: number) => void;
}

export class ReviewSession {
  readonly target: ReviewTarget;
  private readonly stream: LogStream;
  private readonly done: Promise<void>;
  records = 0;
  error: unknown;

  constructor(private readonly options: ReviewSessionOptions) {
    this.target = options.target;
    this.stream = new LogStream({
      requester: options.requester,
      topic: options.target.topic,
      clientName: REVIEW_CLIENT_NAME,
      commit: true,
      start: options.from === 'committed' ? { kind: 'committed', otherwise: 'beginning' } : { kind: 'beginning' },
      logger: options.logger,
      onStatus: options.onStatus,
    });
    this.done = this.run();
  }

  private async run(): Promise<void> {
    try {
      const items = reviewUtterances(this.stream, {
        training: this.options.training,
        onRecord: () => {
          this.records++;
          this.options.onRecord?.(this.records);
        },
      });
      for await (const item of items) this.options.model.add(item);
    } catch (err) {
      this.error = err;
      this.options.logger.warn(`the review of ${this.target.topic} stopped`, err);
    } finally {
      this.options.model.flush();
    }
  }

  /** Settles when the stream ends (stopped, or failed: see `error`). */
  get ended(): Promise<void> {
    return this.done;
  }

  /** Stops following; the position reached is committed. */
  async stop(): Promise<void> {
    await this.stream.stop();
    await this.done;
  }
}
