// Channels of a project: create, update modes/color, activate, deactivate, rename. The spec documents
// 400 ("project not found") as these endpoints' error for an unknown project, so they answer 400 where
// other families answer 404; an unknown channel id is a 400 as well.
import { caller, managementRoute, type Principal } from '../auth';
import { requireProjectAction } from '../access';
import { parseColor, parseModes, parseNewChannel } from '../channelSpec';
import { isoNow, type SandboxContext } from '../context';
import { ApiError, badRequest } from '../errors';
import { json, type Router } from '../router';
import type { ChannelRecord, ProjectRecord } from '../state';
import { channelReply, statusObject } from '../views';
import { requireDisplayName, requireObject, requireString } from '../validate';

export function registerChannelRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;

  const editableProject = (principal: Principal, projectId: string, what: string): ProjectRecord => {
    try {
      return requireProjectAction(state, principal, projectId, 'edit', what);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) throw badRequest(`Project ${projectId} not found.`);
      throw err;
    }
  };
  const channelOf = (project: ProjectRecord, channelId: string): ChannelRecord => {
    const channel = project.channels.find((c) => c.id === channelId);
    if (!channel) throw badRequest(`Channel ${channelId} not found in project ${project.id}.`);
    return channel;
  };
  const touch = async (project: ProjectRecord): Promise<void> => {
    project.updateTime = isoNow(ctx);
    await store.commit();
  };

  router.add(
    managementRoute('POST', '/v4/projects/:projectId/channels', async (req) => {
      const project = editableProject(caller(req), req.params.projectId, 'create channels');
      const channel = parseNewChannel(await req.json(), 'channel request', project.channels);
      project.channels.push(channel);
      await touch(project);
      return json(channelReply(channel));
    }),
  );

  router.add(
    managementRoute('PUT', '/v4/projects/:projectId/.channel', async (req) => {
      const project = editableProject(caller(req), req.params.projectId, 'configure channels');
      const body = requireObject(await req.json(), 'channel update request');
      const channel = channelOf(project, requireString(body, 'channelId'));
      if (body.modes === undefined && body.color === undefined)
        throw badRequest('The channel update changes nothing; send "modes", "color" or both.');
      const modes = body.modes === undefined ? channel.modes : parseModes(body.modes, 'modes');
      const color = body.color === undefined ? channel.color : parseColor(body.color, 'color');
      channel.modes = modes;
      if (color !== 'COLOR_UNSPECIFIED') channel.color = color;
      await touch(project);
      return json(channelReply(channel));
    }),
  );

  for (const [action, active] of [
    ['.activate', true],
    ['.deactivate', false],
  ] as const) {
    router.add(
      managementRoute('PUT', `/v4/projects/:projectId/channels/:channelId/${action}`, async (req) => {
        const project = editableProject(
          caller(req),
          req.params.projectId,
          `${active ? 'activate' : 'deactivate'} channels`,
        );
        const channel = channelOf(project, req.params.channelId);
        channel.isActive = active;
        await touch(project);
        return json(statusObject(`Channel ${channel.id} ${active ? 'activated' : 'deactivated'}.`));
      }),
    );
  }

  router.add(
    managementRoute('PUT', '/v4/projects/:projectId/channels/:channelId/.rename', async (req) => {
      const project = editableProject(caller(req), req.params.projectId, 'rename channels');
      const channel = channelOf(project, req.params.channelId);
      const displayName = requireDisplayName(requireObject(await req.json(), 'rename request'), 'displayName', 100);
      if (project.channels.some((c) => c !== channel && c.displayName === displayName)) {
        throw badRequest(
          `A channel named "${displayName}" already exists in project ${project.id}; choose another name.`,
        );
      }
      channel.displayName = displayName;
      await touch(project);
      return json({ displayName });
    }),
  );
}
