// The build a command acts on: the tree's build node, `{ connectionId, projectId, buildLabel }` from
// automation, or the user's pick among the project's newest builds.
import type { Build } from '../../../../core/platform/buildTypes';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { BuildNode } from '../../nodes/buildNodes';
import { resolveProject, type ProjectTarget } from '../../targets';
import { argObject } from '../../../../host/commands';

export interface BuildTarget extends ProjectTarget {
  readonly build: Build;
}

export async function resolveBuild(deps: ExplorerCommandDeps, arg: unknown, title: string): Promise<BuildTarget> {
  const target = await resolveProject(deps, arg, title);
  if (arg instanceof BuildNode) return { ...target, build: arg.build };
  const wanted = argObject(arg).buildLabel;
  if (typeof wanted === 'string' && wanted !== '') return { ...target, build: await target.client.builds.get(wanted) };
  const page = await target.client.builds.listPage(target.projectId, 50, 0);
  if (page.items.length === 0)
    throw new Error(`Project "${target.projectName}" has no builds; build it first (Build Project…).`);
  const build = await answered(
    deps.prompter.pick(
      page.items.map((b) => ({
        label: b.buildLabel,
        description: [b.status, (b.locales ?? []).join(', ')].filter(Boolean).join(' · '),
        detail: b.notes,
        value: b,
      })),
      { title, placeholder: 'Build' },
    ),
    title,
  );
  return { ...target, build };
}
