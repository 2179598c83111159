// Edit GRAMMAR_BASE_PATH…: the project default or one environment geography's value; an empty value clears
// it (a geography then uses the default). A platform without environment configurations answers 501, which
// the client turns into "Environment configurations are not enabled on this platform".
import { GRAMMAR_BASE_PATH } from '../../../../core/platform/envConfigs';
import { CommandIds } from '../../../../host/commandIds';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { EnvConfigNode, type EnvConfigScope } from '../../nodes/envConfigNodes';
import { resolveProject, type ProjectTarget } from '../../targets';
import { askText, changeProject, ExplorerCommand } from '../explorerCommand';

const TITLE = `Edit ${GRAMMAR_BASE_PATH}`;
const MAX_LENGTH = 2048;

interface Current {
  readonly scope: EnvConfigScope;
  readonly value?: string;
}

async function pickScope(deps: ExplorerCommandDeps, target: ProjectTarget): Promise<Current> {
  const configs = await target.client.envConfigs.get(target.projectId);
  const valueOf = (list: ReadonlyArray<{ label: string; value: string }>): string | undefined =>
    list.find((l) => l.label === GRAMMAR_BASE_PATH)?.value;
  const options: Current[] = [
    { scope: {}, value: valueOf(configs.projectDefaults) },
    ...configs.environments.flatMap((env) =>
      env.environmentGeographies.map((geo) => ({
        scope: { environmentId: env.id, environmentName: env.name, geographyId: geo.id, geographyName: geo.name },
        value: valueOf(geo.environmentGeographyDefaults),
      })),
    ),
  ];
  return answered(
    deps.prompter.pick(
      options.map((o) => ({
        label: o.scope.geographyName ?? 'Project default',
        description: [o.scope.environmentName, o.value ?? 'not set'].filter(Boolean).join(' · '),
        value: o,
      })),
      { title: `${TITLE} of "${target.projectName}"`, placeholder: 'Where' },
    ),
    TITLE,
  );
}

export class EditGrammarBasePathCommand extends ExplorerCommand {
  readonly id = CommandIds.envConfigEdit;

  async execute(arg?: unknown): Promise<string | undefined> {
    const target = await resolveProject(this.deps, arg, TITLE);
    const current: Current =
      arg instanceof EnvConfigNode ? { scope: arg.scope, value: arg.value } : await pickScope(this.deps, target);
    const { scope } = current;
    const where = scope.geographyId
      ? `${scope.geographyName ?? scope.geographyId} (${scope.environmentName ?? ''})`
      : 'the project default';
    const value = await askText(this.deps, TITLE, {
      title: `${TITLE}: ${where} of "${target.projectName}"`,
      prompt: scope.geographyId
        ? 'Base URL of the grammars in this geography; empty uses the project default.'
        : 'Base URL of the grammars; empty clears the project default.',
      value: current.value ?? '',
      placeholder: 'https://grammars.example.com/coffee/',
      validate: (v) => (v.length > MAX_LENGTH ? `At most ${MAX_LENGTH} characters (this is ${v.length}).` : undefined),
    });
    const env = target.client.envConfigs;
    await changeProject(this.deps, target, ['envConfigs'], {
      progress: `${TITLE}: ${where}`,
      call: async (signal) => {
        if (value === '') {
          if (current.value === undefined) return;
          if (scope.geographyId && scope.environmentId)
            await env.deleteForGeography(target.projectId, scope.environmentId, scope.geographyId, GRAMMAR_BASE_PATH, {
              signal,
            });
          else await env.deleteProjectDefault(target.projectId, GRAMMAR_BASE_PATH, { signal });
        } else if (scope.geographyId && scope.environmentId) {
          await env.setForGeography(
            target.projectId,
            scope.environmentId,
            scope.geographyId,
            GRAMMAR_BASE_PATH,
            value,
            { signal },
          );
        } else {
          await env.setProjectDefault(target.projectId, GRAMMAR_BASE_PATH, value, { signal });
        }
      },
      done: () =>
        value === ''
          ? `${GRAMMAR_BASE_PATH} cleared for ${where} of "${target.projectName}".`
          : `${GRAMMAR_BASE_PATH} of ${where} of "${target.projectName}" set to ${value}.`,
    });
    return value === '' ? undefined : value;
  }
}
