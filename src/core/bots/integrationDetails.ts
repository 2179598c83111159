// What an integrator needs to call the dialog runtime for one bot configuration, as a Markdown document:
// the context tag, where it is live, the client ids of each credential (never secrets: the platform does not
// return them, and nothing here would print them), languages, channels with their modalities, the session
// variables and the transfer nodes with what they send and receive. vscode-free, so the CLI can print it.
import type { AppConfig, AppCredential, BotInterface, BotVariable, EnvGeographyDeployment } from '../platform/appTypes';
import { escapeMarkdownLine as md } from '../markdown';

export interface IntegrationInput {
  readonly botId: string;
  readonly botName: string;
  readonly config: AppConfig;
  readonly credentials: readonly AppCredential[];
  /** Undefined when the configuration has no dialog interface. */
  readonly dialogInterface?: BotInterface;
  /** The geographies where the configuration is live. */
  readonly live: readonly EnvGeographyDeployment[];
}

function variableRow(v: BotVariable): string {
  return `| \`${v.displayName}\` | ${v.simpleVariableType ? v.simpleVariableType.replace(/_TYPE$/, '').toLowerCase() : v.complexVariableTypeId ? 'complex' : '—'} | ${v.isReserved ? 'yes' : 'no'} | ${md(v.description ?? '')} |`;
}

function names(list: readonly BotVariable[] | undefined): string {
  return (list ?? []).map((v) => `\`${v.displayName}\``).join(', ') || '—';
}

export function integrationMarkdown(input: IntegrationInput): string {
  const { config, dialogInterface: i } = input;
  const out = [
    `# Integration details: ${md(input.botName)} — \`${config.tag}\``,
    '',
    `- Bot (application) id: \`${input.botId}\``,
    `- Context tag: \`${config.tag}\` (configuration ${config.id})`,
    `- Live in: ${input.live.map((d) => `${md(d.envGeography.geography.displayName)}${d.envGeography.envHost ? ` (\`${d.envGeography.envHost}\`)` : ''}`).join(', ') || 'nowhere yet — deploy the configuration first'}`,
    '',
    '## Credentials',
    '',
    'Client ids only; the client secrets are shown once by the platform when a client is created and are never returned.',
    '',
  ];
  if (input.credentials.length === 0) out.push('The application has no credentials.');
  for (const c of input.credentials) {
    out.push(
      `### Runtime app ID \`${c.credential.appId}\``,
      '',
      `Environment geographies: ${c.geographies.map((g) => `${md(g.geography.displayName)} (${g.id})`).join(', ') || '—'}`,
      '',
    );
    out.push('| Client id | Name | Scopes |', '| --- | --- | --- |');
    for (const client of c.credential.clients)
      out.push(`| \`${client.clientId}\` | ${md(client.clientName)} | ${md(client.oauthScopes)} |`);
    out.push('');
  }
  if (!i)
    return [
      ...out,
      '## Dialog interface',
      '',
      'This configuration has no dialog build, so it has no dialog interface.',
      '',
    ].join('\n');
  out.push('## Languages', '', i.locales.map((l) => `\`${l}\``).join(', ') || '—', '');
  out.push('## Channels and modalities', '', '| Channel | Code name | Modalities |', '| --- | --- | --- |');
  for (const ch of i.channels)
    out.push(
      `| ${md(ch.displayName)} | ${ch.codeName ? `\`${ch.codeName}\`` : '—'} | ${(ch.modes ?? []).map((m) => `\`${m}\``).join(', ') || '—'} |`,
    );
  out.push('', '## Session variables', '', '| Variable | Type | Reserved | Description |', '| --- | --- | --- | --- |');
  for (const v of i.variables) out.push(variableRow(v));
  out.push('', '## Transfer nodes', '');
  if (i.transferNodes.length === 0) out.push('None.');
  for (const n of i.transferNodes) {
    out.push(
      `- **\`${n.nodeName}\`** (${n.nodeType?.toLowerCase() ?? 'node'})${n.description ? ` — ${md(n.description)}` : ''}`,
      `  - sends: ${names(n.requestVariables)}`,
      `  - receives: ${names(n.responseVariables)}`,
    );
  }
  return [...out, ''].join('\n');
}
