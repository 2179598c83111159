// The questions of Add Connection and Edit Connection: a name, the endpoints (US or EU preset, or custom
// URLs), the client id and the secret. Each answer is checked as it is typed; Esc at any step ends the
// wizard without saving anything.
import {
  checkClientId,
  checkConnectionName,
  checkConnectionUrl,
  CONNECTION_PRESETS,
  type ConnectionConfig,
  type ConnectionUrlField,
} from '../../core/connections/connectionConfig';
import type { ConnectionInput } from '../../core/connections/connectionRegistry';
import { answered, type PickItem, type Prompter } from '../../host/prompter';

export interface WizardResult {
  readonly input: ConnectionInput;
  /** Undefined when editing and the stored secret is kept. */
  readonly secret?: string;
}

type Endpoints = Pick<ConnectionConfig, 'baseUrl' | 'authUrl' | 'logUrl'>;

export class ConnectionWizard {
  constructor(
    private readonly prompter: Prompter,
    /** Saved connections (names must stay unique) and the reserved built-in name. */
    private readonly others: readonly ConnectionConfig[],
    private readonly reservedName: string,
  ) {}

  /** Asks everything; `current` pre-fills the answers when editing. */
  async run(title: string, current?: ConnectionConfig): Promise<WizardResult> {
    const name = await this.askName(title, current);
    const endpoints = await this.askEndpoints(title, current);
    const clientId = await answered(
      this.prompter.input({
        title: `${title}: client id`,
        prompt: 'OAuth client id of the platform client (client credentials)',
        value: current?.clientId,
        placeholder: 'appID:…:geo:…:clientName:…',
        validate: checkClientId,
      }),
      title,
    );
    const secret = await answered(
      this.prompter.input({
        title: `${title}: client secret`,
        password: true,
        prompt: current
          ? 'Client secret (kept in secret storage). Leave empty to keep the stored one.'
          : 'Client secret (kept in secret storage, never in settings)',
        validate: (v) => (current || v.trim() !== '' ? undefined : 'Give the client secret.'),
      }),
      title,
    );
    return {
      input: { name, ...endpoints, clientId: clientId.trim() },
      secret: secret.trim() === '' ? undefined : secret.trim(),
    };
  }

  private askName(title: string, current?: ConnectionConfig): Promise<string> {
    const validate = (value: string): string | undefined => {
      if (value.trim().toLowerCase() === this.reservedName.toLowerCase())
        return `"${this.reservedName}" is built in; choose another name.`;
      return checkConnectionName(value, this.others, current?.id);
    };
    return answered(
      this.prompter.input({
        title: `${title}: name`,
        prompt: 'A name for this connection',
        value: current?.name,
        validate,
      }),
      title,
    ).then((n) => n.trim());
  }

  private async askEndpoints(title: string, current?: ConnectionConfig): Promise<Endpoints> {
    type Choice = Endpoints | 'custom';
    const items: PickItem<Choice>[] = [
      ...(current
        ? [{ label: 'Keep the current URLs', description: current.baseUrl, value: current as Endpoints }]
        : []),
      ...CONNECTION_PRESETS.map((p) => ({
        label: p.label,
        description: p.description,
        detail: `${p.authUrl} · ${p.logUrl}`,
        value: p as Endpoints,
      })),
      { label: 'Custom URLs…', description: 'e.g. a private deployment or a sandbox', value: 'custom' as const },
    ];
    const choice = await answered(
      this.prompter.pick(items, { title: `${title}: endpoints`, placeholder: 'Platform region' }),
      title,
    );
    if (choice !== 'custom') return { baseUrl: choice.baseUrl, authUrl: choice.authUrl, logUrl: choice.logUrl };
    const baseUrl = await this.askUrl(title, 'baseUrl', 'Base URL of the management API', current?.baseUrl);
    const authUrl = await this.askUrl(
      title,
      'authUrl',
      'Auth URL (the token endpoint is {auth URL}/oauth2/token)',
      current?.authUrl ?? baseUrl,
    );
    const logUrl = await this.askUrl(title, 'logUrl', 'Log URL (event logs and audio)', current?.logUrl ?? baseUrl);
    return { baseUrl, authUrl, logUrl };
  }

  private async askUrl(
    title: string,
    field: ConnectionUrlField,
    prompt: string,
    value: string | undefined,
  ): Promise<string> {
    const answer = await answered(
      this.prompter.input({
        title: `${title}: ${prompt.split(' (')[0]?.toLowerCase()}`,
        prompt,
        value,
        placeholder: 'https://…',
        validate: (v) => checkConnectionUrl(v, field),
      }),
      title,
    );
    return answer.trim();
  }
}
