// Channels of a project: create, update modes and color, activate, deactivate, rename.
import { BadRequestError } from './errors';
import { path } from './paths';
import type { CallOptions, Requester } from './requester';
import type { Channel, ChannelRequest, ChannelUpdate, StatusObject } from './types';
import { isObject, readDisplayName, unwrapOne, type ReplyContext } from './wire';

export class ChannelsClient {
  constructor(private readonly api: Requester) {}

  async create(projectId: string, channel: ChannelRequest, options: CallOptions = {}): Promise<Channel> {
    requireName(channel.displayName, `the new channel of project ${projectId}`);
    const req = {
      method: 'POST',
      path: path`/v4/projects/${projectId}/channels`,
      resource: `project ${projectId}`,
    } as const;
    return readChannel(await this.api.request({ ...req, json: channel, signal: options.signal }), req);
  }

  /** Sets a channel's modes and color (`PUT /v4/projects/{id}/.channel`). */
  async update(projectId: string, update: ChannelUpdate, options: CallOptions = {}): Promise<Channel> {
    const req = {
      method: 'PUT',
      path: path`/v4/projects/${projectId}/.channel`,
      resource: `channel ${update.channelId} of project ${projectId}`,
    } as const;
    return readChannel(await this.api.request({ ...req, json: update, signal: options.signal }), req);
  }

  activate(projectId: string, channelId: string, options: CallOptions = {}): Promise<StatusObject> {
    return this.toggle(projectId, channelId, '.activate', options);
  }

  deactivate(projectId: string, channelId: string, options: CallOptions = {}): Promise<StatusObject> {
    return this.toggle(projectId, channelId, '.deactivate', options);
  }

  /** Renames a channel and returns the name the server now holds. */
  async rename(projectId: string, channelId: string, displayName: string, options: CallOptions = {}): Promise<string> {
    requireName(displayName, `channel ${channelId} of project ${projectId}`);
    const body = await this.api.request({
      method: 'PUT',
      path: path`/v4/projects/${projectId}/channels/${channelId}/.rename`,
      json: { displayName },
      resource: `channel ${channelId} of project ${projectId}`,
      signal: options.signal,
    });
    return readDisplayName(body, 'channel', displayName);
  }

  private async toggle(
    projectId: string,
    channelId: string,
    action: '.activate' | '.deactivate',
    options: CallOptions,
  ): Promise<StatusObject> {
    const body = await this.api.request({
      method: 'PUT',
      path: `${path`/v4/projects/${projectId}/channels/${channelId}`}/${action}`,
      resource: `channel ${channelId} of project ${projectId}`,
      signal: options.signal,
    });
    return isObject(body) ? (body as StatusObject) : {};
  }
}

function requireName(name: string | undefined, what: string): void {
  if (typeof name !== 'string' || name.trim() === '')
    throw new BadRequestError(`The name of ${what} is empty; give a display name.`);
}

/** A channel reply: `{channel: {...}}`, the project-listing form `{channel: {channel: {...}, isActive}}`, or bare. */
function readChannel(body: unknown, ctx: ReplyContext): Channel {
  let current = body;
  for (let depth = 0; depth < 3 && isObject(current) && !('id' in current) && isObject(current.channel); depth++) {
    current = current.channel;
  }
  return unwrapOne<Channel>(current, 'channel', 'id', ctx);
}
