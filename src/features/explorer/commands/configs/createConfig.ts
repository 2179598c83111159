import type { AppConfig } from '../../../../core/platform/appTypes';
import { CommandIds } from '../../../../host/commandIds';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { resolveApplication, type ApplicationTarget } from './applicationTarget';
import { chooseBuilds } from './configBuilds';
import { refreshApplications } from './configTarget';
import { applyChange, askText, ExplorerCommand } from '../explorerCommand';

const TITLE = 'Create Configuration';

/**
 * The deployment flow of a new configuration: the one the application's configurations use, else the
 * user's (the platform lists flows nowhere; the sandbox's flow of an organization has the organization's id).
 */
async function deploymentFlow(deps: ExplorerCommandDeps, target: ApplicationTarget): Promise<string> {
  const flows = [
    ...new Set(
      target.app.configs
        .map((c) => c.deploymentFlowId)
        .filter((f) => f !== undefined && f !== '')
        .map(String),
    ),
  ];
  if (flows.length === 1) return flows[0] as string;
  if (flows.length > 1)
    return answered(
      deps.prompter.pick(
        flows.map((f) => ({ label: `Deployment flow ${f}`, value: f })),
        { title: TITLE, placeholder: 'Deployment flow' },
      ),
      TITLE,
    );
  return answered(
    deps.prompter.input({
      title: TITLE,
      prompt: `Deployment flow id of organization "${target.orgName}" (the path the configuration is deployed along)`,
      value: target.orgId,
      validate: (v) => (/^\S+$/.test(v) ? undefined : 'Give the deployment flow id, e.g. 1.'),
    }),
    TITLE,
  );
}

/** Create Configuration…: a context tag, builds (latest of a project or chosen), data hosts with the project defaults. */
export class CreateConfigCommand extends ExplorerCommand {
  readonly id = CommandIds.appConfigCreate;

  async execute(arg?: unknown): Promise<AppConfig> {
    const target = await resolveApplication(this.deps, arg, TITLE);
    const title = `${TITLE} in "${target.app.applicationName}"`;
    const tags = new Set(target.app.configs.map((c) => c.tag));
    const tag = await askText(this.deps, title, {
      title,
      prompt: 'Context tag (what callers of the runtime name)',
      placeholder: 'e.g. coffee-main',
      validate: (v) =>
        v.trim() === ''
          ? 'A context tag is required.'
          : tags.has(v.trim())
            ? `"${v.trim()}" already exists in this application; override that configuration instead.`
            : undefined,
    });
    const builds = await chooseBuilds(this.deps, target, title);
    const flow = await deploymentFlow(this.deps, target);
    return applyChange(this.deps, {
      progress: `Creating configuration "${tag}"`,
      call: (signal) =>
        target.client.appConfigs.create(
          target.app.id,
          {
            tag,
            deploymentFlowId: flow,
            ...(builds.kind === 'chosen' ? { requestBuilds: builds.requestBuilds } : {}),
          },
          { ...(builds.kind === 'latest' ? builds.options : {}), useProjectDefault: true, signal },
        ),
      refresh: () => refreshApplications(this.deps.model, target.connectionId),
      done: (config) =>
        `Configuration "${tag}" (${config.id}) created in "${target.app.applicationName}" from ${builds.kind === 'latest' ? 'the latest builds' : 'the chosen builds'} of "${builds.project.displayName}", data hosts set to the project defaults.`,
    });
  }
}
