// Why a push was refused before anything was sent. Each reason names what to do next.

export type PushRefusal = 'conflicts' | 'remoteChanged' | 'invalid' | 'locked' | 'layout' | 'baseDamaged';

export class PushRefusedError extends Error {
  constructor(
    readonly reason: PushRefusal,
    message: string,
    readonly details: readonly string[] = [],
  ) {
    super(details.length > 0 ? `${message}\n${details.map((d) => `  ${d}`).join('\n')}` : message);
    this.name = 'PushRefusedError';
  }
}
