import type { Entity } from '../../../../core/platform/nluTypes';
import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshProject } from '../../refreshAfter';
import { resolveEntity } from '../../targets';

const SETTINGS = [
  { key: 'isSensitive', label: 'Sensitive', detail: 'Values are masked in logs (personal data).' },
  { key: 'canonicalize', label: 'Canonicalize', detail: 'Literals are returned as their value (canonical form).' },
] as const;

/** Entity Settings…: the sensitive and canonicalize flags of a custom entity (PUT …/entities/{name}). */
export class UpdateEntitySettingsCommand implements Command {
  readonly id = CommandIds.entityUpdateSettings;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<Entity> {
    const target = await resolveEntity(this.deps, arg, 'Entity Settings');
    const { entity } = target;
    const picked = await answered(this.deps.prompter.pickMany(SETTINGS.map((s) => ({
      label: s.label, detail: s.detail, value: s.key, picked: entity.settings[s.key] ?? (s.key === 'canonicalize'),
    })), { title: `Settings of entity "${entity.name}"`, placeholder: 'Checked settings are on' }), 'Entity Settings');
    const settings = { isSensitive: picked.includes('isSensitive'), canonicalize: picked.includes('canonicalize') };
    const updated = await this.deps.prompter.withProgress({ title: `Updating entity "${entity.name}"` }, (_p, signal) =>
      target.client.entities.update(target.projectId, entity.name, { settings }, { kind: entity.kind, signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'entities');
    return updated;
  }
}
