// The connections feature: the registry of connections (the built-in local sandbox plus the saved ones in
// `cstudio.connections`, secrets in SecretStorage) and the commands that manage them. The registry is
// handed to the explorer by the composition root; this folder owns how connections are kept.
import type {
  ConnectionSecrets,
  BuiltInConnection,
  PlatformClientFactory,
} from '../../core/connections/connectionPorts';
import { ConnectionRegistry } from '../../core/connections/connectionRegistry';
import type { Logger } from '../../core/logger';
import type { CommandSink } from '../../host/commands';
import { Disposable } from '../../host/lifecycle';
import type { Prompter } from '../../host/prompter';
import type { CredentialStore } from '../../host/secrets';
import { AddConnectionCommand } from './commands/addConnection';
import { EditConnectionCommand } from './commands/editConnection';
import { RemoveConnectionCommand } from './commands/removeConnection';
import { SignInCommand } from './commands/signIn';
import { SignOutCommand } from './commands/signOut';
import { TestConnectionCommand } from './commands/testConnection';
import { SettingsConnectionStore } from './settingsConnectionStore';

export interface ConnectionsFeatureDeps {
  readonly builtIn: BuiltInConnection;
  readonly credentials: CredentialStore;
  readonly createClient: PlatformClientFactory;
  readonly prompter: Prompter;
  readonly commands: CommandSink;
  readonly logger: Logger;
  readonly registerSecret: (secret: string) => void;
}

function secretsOf(credentials: CredentialStore): ConnectionSecrets {
  return {
    get: (id) => credentials.get(id),
    store: (id, secret) => credentials.store(id, secret),
    delete: (id) => credentials.delete(id),
    onDidChange: (listener) => credentials.onDidChange((change) => listener(change.connectionId)),
  };
}

export class ConnectionsFeature extends Disposable {
  readonly registry: ConnectionRegistry;

  constructor(deps: ConnectionsFeatureDeps) {
    super();
    const { builtIn, prompter } = deps;
    this.registry = new ConnectionRegistry({
      builtIn,
      configs: new SettingsConnectionStore([builtIn.id], deps.logger),
      secrets: secretsOf(deps.credentials),
      createClient: deps.createClient,
      logger: deps.logger,
      registerSecret: deps.registerSecret,
    });
    this._register(this.registry);
    deps.commands.register(
      new AddConnectionCommand(this.registry, prompter, builtIn.name),
      new EditConnectionCommand(this.registry, prompter, builtIn.name),
      new RemoveConnectionCommand(this.registry, prompter),
      new SignInCommand(this.registry, prompter),
      new SignOutCommand(this.registry, prompter),
      new TestConnectionCommand(this.registry, prompter),
    );
  }
}
