import { isLocaleName } from '../../../../core/package/locale';
import type { Project, ProjectRequest } from '../../../../core/platform/types';
import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshOrganization } from '../../refreshAfter';
import { resolveOrganization } from '../../targets';

export function parseLocales(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((l) => l.trim()).filter(Boolean))];
}

function checkLocales(text: string): string | undefined {
  const locales = parseLocales(text);
  if (locales.length === 0) return 'Give at least one locale, e.g. en-US.';
  const bad = locales.find((l) => !isLocaleName(l));
  return bad ? `"${bad}" is not a locale code such as en-US, fr-CA or zh-Hant-TW.` : undefined;
}

/**
 * Create Project…: name, locales and the child-data question the platform requires (a project directed at
 * children under 16 needs a description and is refused hosting), then the project is created.
 */
export class CreateProjectCommand implements Command {
  readonly id = CommandIds.projectCreate;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<Project> {
    const title = 'Create Project';
    const org = await resolveOrganization(this.deps, arg, title);
    const { prompter } = this.deps;
    const displayName = (await answered(prompter.input({
      title: `${title} in "${org.orgName}": name`, prompt: 'Project name',
      validate: (v) => (v.trim() === '' ? 'Give the project a name.' : undefined),
    }), title)).trim();
    const languages = parseLocales(await answered(prompter.input({
      title: `${title}: locales`, prompt: 'Locales, separated by commas', value: 'en-US', validate: checkLocales,
    }), title));
    const isChildDataCompliant = await answered(prompter.pick([
      { label: 'No', description: 'The application is not directed at children under 16', value: 'NO' as const },
      { label: 'Yes', description: 'It is directed at children under 16 (a description is required)', value: 'YES' as const },
    ], { title: `${title}: child data`, placeholder: 'Is this project primarily directed at children under 16?' }), title);
    const projectDescription = isChildDataCompliant === 'YES'
      ? (await answered(prompter.input({
        title: `${title}: description`, prompt: 'Describe the project (required for projects directed at children)',
        validate: (v) => (v.trim() === '' ? 'A description is required when the project is directed at children.' : undefined),
      }), title)).trim()
      : undefined;
    const request: ProjectRequest = { displayName, languages, isChildDataCompliant, ...(projectDescription ? { projectDescription } : {}) };
    const project = await prompter.withProgress({ title: `Creating project "${displayName}"` }, (_progress, signal) =>
      org.client.projects.create(org.orgId, request, { signal }));
    refreshOrganization(this.deps.model, org.connectionId, org.orgId);
    void prompter.info(`Project "${project.displayName}" (${project.id}) created in "${org.orgName}".`);
    return project;
  }
}
