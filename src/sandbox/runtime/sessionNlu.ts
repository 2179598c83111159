// The interpreters of simulated traffic: for each locale of a configuration's NLU build, its deployed model
// answering as runtime/interpret answers (same model, same wire result, default n-best), so what a simulated
// session logs is what the runtime API returns for the same text. Answers are kept per text: the engine is
// deterministic, and simulated callers say the same sentences again and again.
import type { AppConfigRecord } from '../apps/model';
import type { SandboxContext } from '../context';
import type { SessionNlu } from '../logs/sessionEvents';
import { modelOfBuild } from './buildModels';
import { interpretResultWire } from './interpretResult';
import { modelUrnOf } from './modelUrn';

/** Distinct texts remembered per locale; beyond it the model answers again (same answer, more time). */
const REMEMBERED_TEXTS = 20_000;

export async function sessionNluOf(
  ctx: Pick<SandboxContext, 'state' | 'store' | 'models'>,
  config: AppConfigRecord,
): Promise<Map<string, SessionNlu>> {
  const out = new Map<string, SessionNlu>();
  for (const ref of config.builds.nlu) {
    const model = await modelOfBuild(ctx, ref.buildLabel, ref.locale);
    if (!model) continue;
    const answers = new Map<string, Record<string, unknown>>();
    out.set(ref.locale, {
      modelUri: modelUrnOf(config.tag, 'nlu', ref.locale),
      interpret: (text) => {
        let result = answers.get(text);
        if (!result) {
          result = interpretResultWire(model.interpret(text), 'SINGLE_INTENT');
          if (answers.size < REMEMBERED_TEXTS) answers.set(text, result);
        }
        return result;
      },
    });
  }
  return out;
}
