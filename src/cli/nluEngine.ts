// The NLU engine the CLI trains in process (core/nlu/engine): the same functions a sandbox NLU build uses.
import { trainingInputFromTrsx } from '../core/nlu/engine/fromTrsx';
import { trainNluModel } from '../core/nlu/engine/train';
import type { NluEngine } from '../core/nlu/evaluation/trainingSource';

export const localNluEngine: NluEngine = { train: trainNluModel, fromTrsx: trainingInputFromTrsx };
