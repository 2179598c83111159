// The local sandbox as the built-in connection "Local sandbox": its addresses, its first demo client (the
// organization owner) and that client's user, for the connection registry. Opening it starts the sandbox
// when it is stopped ("starts on first use").
import type { BuiltInConnection, BuiltInStatus, OpenedConnection } from '../../core/connections/connectionPorts';
import type { Subscription } from '../../core/connections/listeners';
import { LOCAL_SANDBOX_CONNECTION_ID, LOCAL_SANDBOX_NAME, type LocalSandbox } from './localSandbox';

export class SandboxConnection implements BuiltInConnection {
  readonly id = LOCAL_SANDBOX_CONNECTION_ID;
  readonly name = LOCAL_SANDBOX_NAME;

  constructor(private readonly sandbox: LocalSandbox) {}

  status(): BuiltInStatus {
    const state = this.sandbox.state;
    switch (state.kind) {
      case 'running':
        return { state: 'running', baseUrl: state.info.baseUrl, port: state.info.port, dataDir: state.info.dataDir };
      case 'failed':
        return { state: 'failed', error: state.error.message };
      default:
        return { state: state.kind };
    }
  }

  async open(): Promise<OpenedConnection> {
    const info = await this.sandbox.start();
    const owner = info.clients[0];
    if (!owner) throw new Error(`The local sandbox has no demo client; reset its data (${info.dataDir}).`);
    return {
      connection: {
        name: this.name,
        baseUrl: info.baseUrl,
        authUrl: info.authUrl,
        logUrl: info.logUrl,
        clientId: owner.clientId,
      },
      secret: owner.clientSecret,
      identity: { userId: owner.userId, name: owner.user, email: owner.email },
    };
  }

  onDidChange(listener: () => void): Subscription {
    return this.sandbox.onDidChangeState(() => listener());
  }
}
