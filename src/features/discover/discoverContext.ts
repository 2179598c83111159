// What the Utterances commands share: the model, the view, the review running now, and the way to start and
// stop one (discoverFeature.ts owns them).
import type { Logger } from '../../core/logger';
import type { TrainingIndex } from '../../core/discover/training';
import type { Prompter } from '../../host/prompter';
import type { ReviewTarget } from './reviewSession';
import type { UtterancesModel } from './utterancesModel';
import type { UtterancesView } from './utterancesView';

export interface ActiveReview {
  readonly target: ReviewTarget;
  readonly training: TrainingIndex;
}

export interface DiscoverContext {
  readonly model: UtterancesModel;
  readonly prompter: Prompter;
  readonly logger: Logger;
  view(): UtterancesView;
  /** The review running now; an error naming the fix when there is none. */
  requireReview(): ActiveReview;
  open(arg: unknown): Promise<{ topic: string; root: string }>;
  stop(): Promise<void>;
  runCommand(id: string, arg?: unknown): Thenable<unknown>;
}
