// The model of one locale of an NLU build, with the build's snapshot as the source to train it from when it has
// no artifact yet (runtime/nluModels.ts).
import type { NluModel } from '../../core/nlu/engine/types';
import { findBuild, grammarFilesOf } from '../builds/records';
import type { SandboxContext } from '../context';
import type { ModelSource } from './nluModels';

export function buildModelSource(
  ctx: Pick<SandboxContext, 'state' | 'store'>,
  buildLabel: string,
  locale: string,
): ModelSource | undefined {
  const build = findBuild(ctx.state, buildLabel);
  if (!build || build.buildType !== 'NLU' || !build.locales.includes(locale)) return undefined;
  const content = ctx.store.content(build.projectId);
  const snapshot = content.buildSnapshots?.[buildLabel];
  const trsx = snapshot?.trsx?.[locale];
  if (!trsx) return undefined;
  // Builds made before snapshots kept grammar files match with the locale's current ones.
  const grammars = snapshot.grammars?.[locale] ?? grammarFilesOf(content, locale);
  return { trsx, grammars };
}

export function modelOfBuild(
  ctx: Pick<SandboxContext, 'state' | 'store' | 'models'>,
  buildLabel: string,
  locale: string,
): Promise<NluModel | undefined> {
  return ctx.models.model(buildLabel, locale, () => buildModelSource(ctx, buildLabel, locale));
}
