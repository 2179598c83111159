import type { Entity } from '../../../../core/platform/nluTypes';
import { CommandIds } from '../../../../host/commandIds';
import { answered } from '../../../../host/prompter';
import { resolveEntity } from '../../targets';
import { changeProject, ExplorerCommand } from '../explorerCommand';

const SETTINGS = [
  { key: 'isSensitive', label: 'Sensitive', detail: 'Values are masked in logs (personal data).' },
  { key: 'canonicalize', label: 'Canonicalize', detail: 'Literals are returned as their value (canonical form).' },
] as const;

/** Entity Settings…: the sensitive and canonicalize flags of a custom entity (PUT …/entities/{name}). */
export class UpdateEntitySettingsCommand extends ExplorerCommand {
  readonly id = CommandIds.entityUpdateSettings;

  async execute(arg?: unknown): Promise<Entity> {
    const target = await resolveEntity(this.deps, arg, 'Entity Settings');
    const { entity } = target;
    const picked = await answered(
      this.deps.prompter.pickMany(
        SETTINGS.map((s) => ({
          label: s.label,
          detail: s.detail,
          value: s.key,
          picked: entity.settings[s.key] ?? s.key === 'canonicalize',
        })),
        { title: `Settings of entity "${entity.name}"`, placeholder: 'Checked settings are on' },
      ),
      'Entity Settings',
    );
    const settings = { isSensitive: picked.includes('isSensitive'), canonicalize: picked.includes('canonicalize') };
    return changeProject(this.deps, target, ['entities'], {
      progress: `Updating entity "${entity.name}"`,
      call: (signal) =>
        target.client.entities.update(target.projectId, entity.name, { settings }, { kind: entity.kind, signal }),
    });
  }
}
