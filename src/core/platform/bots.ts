// Bots (applications whose configurations include a dialog build): the organization's list, a bot's
// credentials and configurations, and a configuration's interface.
import { InvalidResponseError } from './errors';
import { path } from './paths';
import type { CallOptions, Requester } from './requester';
import type { AppConfig, AppCredential, Bot, BotInterface, ConfigFilters, ConfigsView } from './appTypes';
import { filterQuery } from './appConfigs';
import { readList, viewQuery } from './apps';
import { isObject } from './wire';

export class BotsClient {
  constructor(private readonly api: Requester) {}

  async list(orgId: string, options: CallOptions & { view?: ConfigsView } = {}): Promise<Bot[]> {
    const req = {
      method: 'GET',
      path: path`/v4/organizations/${orgId}/bots`,
      resource: `organization ${orgId}`,
    } as const;
    const body = await this.api.request({
      ...req,
      query: { view: viewQuery(options.view, 'BV') },
      signal: options.signal,
    });
    return readList<Bot>(body, 'bots', req).map((b) => (Array.isArray(b.configs) ? b : { ...b, configs: [] }));
  }

  async credentials(
    botId: string,
    options: CallOptions & { envGeographyName?: string } = {},
  ): Promise<AppCredential[]> {
    const req = { method: 'GET', path: path`/v4/bots/${botId}/credentials`, resource: `bot ${botId}` } as const;
    return readList<AppCredential>(
      await this.api.request({ ...req, query: { envGeographyName: options.envGeographyName }, signal: options.signal }),
      'credentials',
      req,
    );
  }

  async configs(botId: string, options: CallOptions & ConfigFilters = {}): Promise<AppConfig[]> {
    const req = { method: 'GET', path: path`/v4/bots/${botId}/configs`, resource: `bot ${botId}` } as const;
    return readList<AppConfig>(
      await this.api.request({ ...req, query: filterQuery(options), signal: options.signal }),
      'configs',
      req,
    );
  }

  /** Languages, channels and modalities, session variables and transfer-node variables of the dialog build. */
  async configInterface(botId: string, configId: string, options: CallOptions = {}): Promise<BotInterface> {
    const req = {
      method: 'GET',
      path: path`/v4/bots/${botId}/configs/${configId}/interface`,
      resource: `configuration ${configId} of bot ${botId}`,
    } as const;
    const body = await this.api.request({ ...req, signal: options.signal });
    const inner = isObject(body) && isObject(body.interface) ? body.interface : body;
    if (!isObject(inner) || !Array.isArray(inner.variables))
      throw new InvalidResponseError(
        `Unexpected reply for ${req.resource} (GET ${req.path}): expected an interface object.`,
        req,
      );
    return {
      ...inner,
      locales: Array.isArray(inner.locales) ? inner.locales : [],
      channels: Array.isArray(inner.channels) ? inner.channels : [],
      transferNodes: Array.isArray(inner.transferNodes) ? inner.transferNodes : [],
    } as unknown as BotInterface;
  }
}
