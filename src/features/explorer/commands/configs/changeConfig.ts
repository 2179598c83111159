// Override, update and delete a configuration. A deployed configuration cannot be updated or deleted (the
// platform answers 400): the commands say so up front, and turn the platform's refusal into the same words.
import type { AppConfig, RequestBuilds } from '../../../../core/platform/appTypes';
import { BadRequestError, CancelledError } from '../../../../core/platform/errors';
import { BUILD_SERVICES, type BuildService } from '../../../../core/platform/buildTypes';
import { CommandIds } from '../../../../host/commandIds';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { geographyDeployments } from '../../nodes/applicationNodes';
import { refreshApplications, resolveConfig, type ConfigTarget } from './configTarget';
import { applyChange, ExplorerCommand } from '../explorerCommand';

function liveNames(config: AppConfig): string[] {
  return geographyDeployments(config)
    .filter((d) => d.status === 'DEPLOYED')
    .map((d) => d.envGeography.geography.displayName);
}

type LiveChange = 'update' | 'delete';

function deployedRefusal(config: AppConfig, what: LiveChange, live: readonly string[]): Error {
  return new Error(
    `Cannot ${what} configuration "${config.tag}" (${config.id}): it is deployed to ${live.join(', ') || 'an environment'}, and the platform refuses changes to a live configuration. Undeploy it first, or use Override Configuration to make a new one with the same tag.`,
  );
}

/** The configuration to change; one deployed somewhere is refused before anything is asked. */
async function resolveUndeployed(
  deps: ExplorerCommandDeps,
  arg: unknown,
  title: string,
  what: LiveChange,
): Promise<ConfigTarget> {
  const target = await resolveConfig(deps, arg, title);
  const live = liveNames(target.config);
  if (live.length > 0) throw deployedRefusal(target.config, what, live);
  return target;
}

/**
 * Runs `change` on the target configuration. When it was deployed in the meantime (or by someone else), the
 * platform's 400 says little about what to do: it becomes the same refusal as up front. The tree is refreshed
 * either way.
 */
async function changeUndeployed<T>(
  deps: ExplorerCommandDeps,
  target: ConfigTarget,
  what: LiveChange,
  change: () => Promise<T>,
): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (err instanceof BadRequestError && /deploy/i.test(err.message))
      throw deployedRefusal(target.config, what, liveNames(await target.client.appConfigs.get(target.config.id)));
    throw err;
  } finally {
    refreshApplications(deps.model, target.connectionId);
  }
}

/** The project the configuration's builds come from. */
function projectOf(config: AppConfig): string | undefined {
  return config.builds.dialog?.projectId ?? config.builds.nlu?.projectId ?? config.builds.asr?.projectId;
}

export class OverrideConfigCommand extends ExplorerCommand {
  readonly id = CommandIds.appConfigOverride;

  async execute(arg?: unknown): Promise<AppConfig> {
    const target = await resolveConfig(this.deps, arg, 'Override Configuration');
    const { config } = target;
    const ok = await this.deps.prompter.confirm(
      `Override "${config.tag}" (configuration ${config.id}) with the latest builds of its project?`,
      {
        detail:
          'This creates a new configuration with the same tag and deployment flow; data hosts are copied. Deploy it to replace the live one.',
        action: 'Override',
      },
    );
    if (!ok) throw new CancelledError('Override Configuration was cancelled.');
    return applyChange(this.deps, {
      progress: `Overriding "${config.tag}"`,
      call: (signal) => target.client.appConfigs.override(config.id, {}, { latest: true, signal }),
      refresh: () => refreshApplications(this.deps.model, target.connectionId),
      done: (created) =>
        `Configuration ${created.id} overrides "${config.tag}" (${config.id}); deploy it to make it live.`,
    });
  }
}

/** Update Configuration…: the chosen services take the latest builds of the configuration's project. */
export class UpdateConfigCommand extends ExplorerCommand {
  readonly id = CommandIds.appConfigUpdate;

  async execute(arg?: unknown): Promise<AppConfig> {
    const target = await resolveUndeployed(this.deps, arg, 'Update Configuration', 'update');
    const { config } = target;
    const projectId = projectOf(config);
    if (!projectId)
      throw new Error(
        `Configuration "${config.tag}" (${config.id}) has no builds to tell its project; override it with chosen builds instead.`,
      );
    const services = await answered(
      this.deps.prompter.pickMany(
        BUILD_SERVICES.map((s) => ({ label: s, value: s, picked: true })),
        {
          title: `Update "${config.tag}" (configuration ${config.id})`,
          placeholder: `Services that take the latest builds of project ${projectId}`,
        },
      ),
      'Update Configuration',
    );
    if (services.length === 0) throw new CancelledError('Update Configuration: no service chosen.');
    const requestModels = await latestRequest(target, projectId, services);
    const updated = await changeUndeployed(this.deps, target, 'update', () =>
      this.deps.prompter.withProgress({ title: `Updating "${config.tag}"` }, (_p, signal) =>
        target.client.appConfigs.update(config.id, { requestModels }, { signal }),
      ),
    );
    void this.deps.prompter.info(
      `Configuration "${config.tag}" (${config.id}) now uses the latest ${services.join(', ')} builds of project ${projectId}.`,
    );
    return updated;
  }
}

async function latestRequest(
  target: ConfigTarget,
  projectId: string,
  services: readonly BuildService[],
): Promise<RequestBuilds> {
  const latest = await target.client.builds.latest(projectId);
  const refs = (
    list: ReadonlyArray<{ buildLabel: string; locale: string }> | undefined,
  ): Array<{ buildLabel: string; locale: string }> =>
    (list ?? []).map((b) => ({ buildLabel: b.buildLabel, locale: b.locale }));
  const out: { asr?: RequestBuilds['asr']; nlu?: RequestBuilds['nlu']; dialog?: RequestBuilds['dialog'] } = {};
  if (services.includes('ASR') && latest.asr) out.asr = refs(latest.asr.builds);
  if (services.includes('NLU') && latest.nlu) out.nlu = refs(latest.nlu.builds);
  if (services.includes('DIALOG') && latest.dialog) out.dialog = { buildLabel: latest.dialog.buildLabel };
  if (Object.keys(out).length === 0)
    throw new Error(
      `Project ${projectId} has no completed ${services.join(', ')} build; build it first (Build Project…).`,
    );
  return out;
}

export class DeleteConfigCommand extends ExplorerCommand {
  readonly id = CommandIds.appConfigDelete;

  async execute(arg?: unknown): Promise<string> {
    const target = await resolveUndeployed(this.deps, arg, 'Delete Configuration', 'delete');
    const { config } = target;
    const ok = await this.deps.prompter.confirm(
      `Delete configuration "${config.tag}" (${config.id}) of "${target.applicationName}"?`,
      {
        detail: 'Its builds stay; the configuration and its deployment history are removed. This cannot be undone.',
        action: 'Delete',
      },
    );
    if (!ok) throw new CancelledError('Delete Configuration was cancelled.');
    await changeUndeployed(this.deps, target, 'delete', () =>
      this.deps.prompter.withProgress({ title: `Deleting configuration "${config.tag}"` }, (_p, signal) =>
        target.client.appConfigs.delete(config.id, { signal }),
      ),
    );
    void this.deps.prompter.info(`Configuration "${config.tag}" (${config.id}) deleted.`);
    return config.id;
  }
}
