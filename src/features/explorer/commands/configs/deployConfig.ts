// Deploy… and Undeploy…: the user picks environment geographies (several at once) and confirms a question
// that names them; a deploy that would replace another live configuration of the same tag says so first.
import type { AppConfig, EnvGeography } from '../../../../core/platform/appTypes';
import { CancelledError } from '../../../../core/platform/errors';
import { CommandIds } from '../../../../host/commandIds';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { geographyDeployments } from '../../nodes/applicationNodes';
import { refreshApplications, resolveConfig, type ConfigTarget } from './configTarget';
import { ExplorerCommand } from '../explorerCommand';

function liveIn(config: AppConfig): Set<string> {
  return new Set(
    geographyDeployments(config)
      .filter((d) => d.status === 'DEPLOYED')
      .map((d) => d.envGeography.id),
  );
}

function names(geos: readonly EnvGeography[]): string {
  return geos.map((g) => `${g.geography.displayName} (${g.id})`).join(', ');
}

/** Deploy's pre-selection: those outside production (a first deploy goes to a sandbox or test stage; production is a deliberate tick). */
const outsideProduction = (g: EnvGeography): boolean => g.envType !== undefined && g.envType !== 'PRODUCTION';

/**
 * The only geography offered is pre-selected, and so are those `preselect` names; Enter with none ticked keeps
 * the pick open and says what to do (an empty choice used to end the command silently).
 */
async function chooseGeographies(
  deps: ExplorerCommandDeps,
  title: string,
  offered: readonly EnvGeography[],
  describe: (g: EnvGeography) => string,
  preselect: (g: EnvGeography) => boolean,
): Promise<EnvGeography[]> {
  const chosen = await answered(
    deps.prompter.pickMany(
      offered.map((g) => ({
        label: g.geography.displayName,
        description: describe(g),
        detail: `environment geography ${g.id}${g.envHost ? ` · ${g.envHost}` : ''}`,
        value: g,
        picked: offered.length === 1 || preselect(g),
      })),
      {
        title,
        placeholder: 'Environment geographies (Space ticks one, Enter goes on)',
        required: 'Tick at least one environment geography with Space, then press Enter (Escape cancels).',
      },
    ),
    title,
  );
  if (chosen.length === 0) throw new CancelledError(`${title}: no environment geography chosen.`);
  return chosen;
}

/** The geographies the application's credentials cover (the platform deploys nowhere else). */
async function applicationGeographies(target: ConfigTarget): Promise<EnvGeography[]> {
  const byId = new Map<string, EnvGeography>();
  for (const credential of await target.client.apps.credentials(target.applicationId)) {
    for (const g of credential.geographies) byId.set(g.id, g);
  }
  return [...byId.values()];
}

export class DeployConfigCommand extends ExplorerCommand {
  readonly id = CommandIds.appConfigDeploy;

  async execute(arg?: unknown): Promise<string[]> {
    const target = await resolveConfig(this.deps, arg, 'Deploy');
    const { config } = target;
    const title = `Deploy "${config.tag}" (configuration ${config.id}) of "${target.applicationName}"`;
    const live = liveIn(config);
    const candidates = (await applicationGeographies(target)).filter((g) => !live.has(g.id));
    if (candidates.length === 0)
      throw new Error(
        `Configuration "${config.tag}" (${config.id}) is already deployed everywhere its application has credentials; undeploy it first to deploy again.`,
      );
    // A configuration of the same tag live in a chosen geography is replaced: that is the redeploy to warn about.
    const siblings = (await target.client.appConfigs.list(target.applicationId, { tag: config.tag })).filter(
      (c) => c.id !== config.id,
    );
    const replacedIn = (geoId: string): AppConfig | undefined => siblings.find((c) => liveIn(c).has(geoId));
    const chosen = await chooseGeographies(
      this.deps,
      title,
      candidates,
      (g) => {
        const other = replacedIn(g.id);
        return [g.envType ?? '', other ? `replaces live configuration ${other.id}` : 'not deployed']
          .filter(Boolean)
          .join(' · ');
      },
      outsideProduction,
    );
    const replaced = chosen.flatMap((g) => {
      const other = replacedIn(g.id);
      return other ? [`${g.geography.displayName}: configuration ${other.id}`] : [];
    });
    const ok = await this.deps.prompter.confirm(
      `Deploy "${config.tag}" (configuration ${config.id}) to ${names(chosen)}?`,
      {
        detail:
          replaced.length > 0
            ? `This is a redeploy: it replaces what is live with the same tag (${replaced.join('; ')}). Callers of "${config.tag}" get the new builds at once.`
            : `The runtime serves "${config.tag}" from these environment geographies once deployed.`,
        action: replaced.length > 0 ? 'Redeploy' : 'Deploy',
      },
    );
    if (!ok) throw new CancelledError('Deploy was cancelled.');
    const ids = chosen.map((g) => g.id);
    const log = this.deps.logger;
    log.info(
      `deploy: "${config.tag}" (configuration ${config.id}) of "${target.applicationName}" to ${names(chosen)}${replaced.length > 0 ? `, replacing ${replaced.join('; ')}` : ''}`,
    );
    try {
      await this.deps.prompter.withProgress({ title: `Deploying "${config.tag}"` }, (_p, signal) =>
        target.client.appConfigs.deploy(config.id, ids, { signal }),
      );
    } catch (err) {
      log.info(
        `deploy: "${config.tag}" (configuration ${config.id}) failed: ${err instanceof Error ? err.message : String(err)}`,
      );
      throw err;
    } finally {
      refreshApplications(this.deps.model, target.connectionId);
    }
    log.info(`deploy: "${config.tag}" (configuration ${config.id}) deployed to ${names(chosen)}`);
    void this.deps.prompter.info(`"${config.tag}" (configuration ${config.id}) deployed to ${names(chosen)}.`);
    return ids;
  }
}

export class UndeployConfigCommand extends ExplorerCommand {
  readonly id = CommandIds.appConfigUndeploy;

  async execute(arg?: unknown): Promise<string[]> {
    const target = await resolveConfig(this.deps, arg, 'Undeploy');
    const { config } = target;
    const live = geographyDeployments(config)
      .filter((d) => d.status === 'DEPLOYED')
      .map((d) => d.envGeography);
    if (live.length === 0)
      throw new Error(`Configuration "${config.tag}" (${config.id}) is not deployed anywhere; nothing to undeploy.`);
    const title = `Undeploy "${config.tag}" (configuration ${config.id}) of "${target.applicationName}"`;
    const chosen = await chooseGeographies(
      this.deps,
      title,
      live,
      (g) => [g.envType ?? '', 'deployed'].filter(Boolean).join(' · '),
      () => false,
    );
    const ok = await this.deps.prompter.confirm(
      `Undeploy "${config.tag}" (configuration ${config.id}) from ${names(chosen)}?`,
      {
        detail: `Callers of "${config.tag}" in these environment geographies get errors until a configuration is deployed there again.`,
        action: 'Undeploy',
      },
    );
    if (!ok) throw new CancelledError('Undeploy was cancelled.');
    const ids = chosen.map((g) => g.id);
    const log = this.deps.logger;
    log.info(
      `undeploy: "${config.tag}" (configuration ${config.id}) of "${target.applicationName}" from ${names(chosen)}`,
    );
    try {
      await this.deps.prompter.withProgress({ title: `Undeploying "${config.tag}"` }, (_p, signal) =>
        target.client.appConfigs.undeploy(config.id, ids, { signal }),
      );
    } catch (err) {
      log.info(
        `undeploy: "${config.tag}" (configuration ${config.id}) failed: ${err instanceof Error ? err.message : String(err)}`,
      );
      throw err;
    } finally {
      refreshApplications(this.deps.model, target.connectionId);
    }
    log.info(`undeploy: "${config.tag}" (configuration ${config.id}) undeployed from ${names(chosen)}`);
    void this.deps.prompter.info(`"${config.tag}" (configuration ${config.id}) undeployed from ${names(chosen)}.`);
    return ids;
  }
}
