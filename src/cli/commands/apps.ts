// `cstudio apps list|credentials`
import type { AppCredential, Application } from '../../core/platform/appTypes';
import { viewFlag } from '../appFlags';
import { printJson, printRows, type Column } from '../output';
import { platformCommand } from '../platformCommand';

export const appsList = platformCommand({
  path: ['apps', 'list'],
  summary: 'List applications (all organizations for provider staff; others name one with --org).',
  synopsis: '[--org ORG_ID] [--view none|full|available|live] [--filter TEXT]',
  flags: { org: { type: 'string' }, view: { type: 'string' }, filter: { type: 'string' } },
  input: ({ flags }) => ({ view: viewFlag(flags) ?? 'full' }),
  async run({ session, io, flags, input: { view }, json }) {
    const orgId = flags.org;
    const apps: Application[] = [];
    for await (const a of session.client.apps.list({ orgId, view, filter: flags.filter, signal: io.signal }))
      apps.push(a);
    printRows(
      io,
      apps,
      [
        { header: 'ID', value: (a) => a.id },
        { header: 'NAME', value: (a) => a.applicationName },
        { header: 'ORG', value: (a) => a.organizationName ?? a.organizationId },
        { header: 'CONFIGS', value: (a) => a.configs.map((c) => `${c.id}:${c.tag}`).join(', ') },
      ],
      json,
      orgId ? `No applications in organization ${orgId}.` : 'No applications.',
    );
    return 0;
  },
});

export interface CredentialRow {
  appId: string;
  clientId: string;
  clientName: string;
  scopes: string;
  geographies: string;
}

export function credentialRows(creds: readonly AppCredential[]): CredentialRow[] {
  return creds.flatMap((c) =>
    c.credential.clients.map((client) => ({
      appId: c.credential.appId,
      clientId: client.clientId,
      clientName: client.clientName,
      scopes: client.oauthScopes,
      geographies: c.geographies.map((g) => `${g.geography.displayName} (${g.id})`).join(', '),
    })),
  );
}

export const credentialColumns: ReadonlyArray<Column<CredentialRow>> = [
  { header: 'APP ID', value: (r: CredentialRow) => r.appId },
  { header: 'CLIENT ID', value: (r: CredentialRow) => r.clientId },
  { header: 'NAME', value: (r: CredentialRow) => r.clientName },
  { header: 'SCOPES', value: (r: CredentialRow) => r.scopes },
  { header: 'GEOGRAPHIES', value: (r: CredentialRow) => r.geographies },
];

export const appsCredentials = platformCommand({
  path: ['apps', 'credentials'],
  summary:
    'List the runtime credentials of an application: app IDs, OAuth clients and scopes, per environment geography.',
  synopsis: '<applicationId> [--geography NAME]',
  flags: { geography: { type: 'string' } },
  args: ['applicationId'],
  async run({ session, io, args, flags, json }) {
    const id = args.applicationId;
    const creds = await session.client.apps.credentials(id, { envGeographyName: flags.geography, signal: io.signal });
    if (json) printJson(io, creds);
    else printRows(io, credentialRows(creds), credentialColumns, false, `Application ${id} has no credentials.`);
    return 0;
  },
});
