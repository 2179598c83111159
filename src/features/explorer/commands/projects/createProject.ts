import { isLocaleName } from '../../../../core/package/locale';
import type { Project, ProjectRequest } from '../../../../core/platform/types';
import { CommandIds } from '../../../../host/commandIds';
import { answered } from '../../../../host/prompter';
import { refreshOrganization } from '../../refreshAfter';
import { resolveOrganization } from '../../targets';
import { applyChange, askText, ExplorerCommand } from '../explorerCommand';

export function parseLocales(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
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
export class CreateProjectCommand extends ExplorerCommand {
  readonly id = CommandIds.projectCreate;

  async execute(arg?: unknown): Promise<Project> {
    const title = 'Create Project';
    const org = await resolveOrganization(this.deps, arg, title);
    const { prompter } = this.deps;
    const displayName = await askText(this.deps, title, {
      title: `${title} in "${org.orgName}": name`,
      prompt: 'Project name',
      validate: (v) => (v.trim() === '' ? 'Give the project a name.' : undefined),
    });
    const languages = parseLocales(
      await answered(
        prompter.input({
          title: `${title}: locales`,
          prompt: 'Locales, separated by commas',
          value: 'en-US',
          validate: checkLocales,
        }),
        title,
      ),
    );
    const isChildDataCompliant = await answered(
      prompter.pick(
        [
          { label: 'No', description: 'The application is not directed at children under 16', value: 'NO' as const },
          {
            label: 'Yes',
            description: 'It is directed at children under 16 (a description is required)',
            value: 'YES' as const,
          },
        ],
        { title: `${title}: child data`, placeholder: 'Is this project primarily directed at children under 16?' },
      ),
      title,
    );
    const projectDescription =
      isChildDataCompliant === 'YES'
        ? await askText(this.deps, title, {
            title: `${title}: description`,
            prompt: 'Describe the project (required for projects directed at children)',
            validate: (v) =>
              v.trim() === '' ? 'A description is required when the project is directed at children.' : undefined,
          })
        : undefined;
    const request: ProjectRequest = {
      displayName,
      languages,
      isChildDataCompliant,
      ...(projectDescription ? { projectDescription } : {}),
    };
    return applyChange(this.deps, {
      progress: `Creating project "${displayName}"`,
      call: (signal) => org.client.projects.create(org.orgId, request, { signal }),
      refresh: () => refreshOrganization(this.deps.model, org.connectionId, org.orgId),
      done: (project) => `Project "${project.displayName}" (${project.id}) created in "${org.orgName}".`,
    });
  }
}
