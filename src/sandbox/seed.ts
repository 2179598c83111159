// The data a new (empty) data folder starts with: a demo organization whose owner and Admin are the first
// two clients, plus users for every role the rules distinguish (Viewer, Expert, professional services,
// global admin, an outsider who is a member of one project only). Each user has one OAuth service client
// with a random secret, persisted with the rest of the state.
import { randomBytes, randomUUID } from 'node:crypto';
import { seedApplications } from './apps/seedApps';
import { coffeeShopContent, smallContent } from './seedContent';
import type { InitialData } from './store';
import type {
  ChannelRecord,
  ClientRecord,
  GlobalRole,
  OrgMember,
  OrgRole,
  ProjectContent,
  ProjectRecord,
  SandboxState,
  UserRecord,
} from './state';

export interface SandboxClientInfo {
  /** A stable handle for tests and demos: owner, admin, viewer, expert, ps, globalAdmin, outsider. */
  key: string;
  clientId: string;
  clientSecret: string;
  /** The user's display name. */
  user: string;
  userId: string;
  email: string;
  /** Roles in plain words, e.g. `Owner of organization 1 "Demo Coffee Co."`, `professional-services`. */
  roles: string[];
}

interface DemoUser {
  key: string;
  name: string;
  email: string;
  globalRoles: GlobalRole[];
  /** Membership of the demo organization (org 1). */
  demoRole?: OrgRole;
  expert?: boolean;
}

const DEMO_USERS: DemoUser[] = [
  { key: 'owner', name: 'Olivia Owner', email: 'olivia.owner@coffee.example', globalRoles: [], demoRole: 'Owner' },
  { key: 'admin', name: 'Adam Admin', email: 'adam.admin@coffee.example', globalRoles: [], demoRole: 'Admin' },
  { key: 'viewer', name: 'Vera Viewer', email: 'vera.viewer@coffee.example', globalRoles: [], demoRole: 'Viewer' },
  {
    key: 'expert',
    name: 'Eli Expert',
    email: 'eli.expert@coffee.example',
    globalRoles: [],
    demoRole: 'Admin',
    expert: true,
  },
  {
    key: 'ps',
    name: 'Priya Services',
    email: 'priya.services@provider.example',
    globalRoles: ['professional-services'],
  },
  { key: 'globalAdmin', name: 'Gus Global', email: 'gus.global@provider.example', globalRoles: ['global-admin'] },
  { key: 'outsider', name: 'Oscar Outsider', email: 'oscar.outsider@partner.example', globalRoles: [] },
];

const IVR_MODES = ['AUDIO_SCRIPT', 'DTMF', 'TTS'];
const TEXT_MODES = ['INTERACTIVITY', 'RICH_TEXT'];

function channel(displayName: string, modes: string[], color: string): ChannelRecord {
  return { id: randomUUID(), displayName, codeName: displayName, modes, color, isActive: true };
}

export function createSeed(nowMs: number, tokenKey: string): InitialData {
  const iso = new Date(nowMs).toISOString();
  const state: SandboxState = {
    formatVersion: 1,
    tokenKey,
    // Different ranges per kind, so an organization id used as a project id fails loudly.
    counters: { organization: 0, project: 1000, user: 100, lock: 0, application: 0, appConfig: 0, appRecord: 0 },
    users: [],
    clients: [],
    organizations: [],
    projects: [],
    locks: [],
    jobs: [],
    environments: [],
    deploymentFlows: [],
    applications: [],
    appConfigs: [],
    envConfigs: [],
    builds: [],
    buildVersions: {},
  };
  const keyToUser = new Map<string, UserRecord>();
  for (const d of DEMO_USERS) {
    state.counters.user += 1;
    const user: UserRecord = {
      id: String(state.counters.user),
      name: d.name,
      email: d.email,
      globalRoles: d.globalRoles,
    };
    state.users.push(user);
    keyToUser.set(d.key, user);
    state.clients.push(newClient(user.id, iso));
  }
  const userId = (key: string): string => keyToUser.get(key)?.id ?? '';
  const demoMembers: OrgMember[] = DEMO_USERS.filter((d) => d.demoRole).map((d) => ({
    userId: userId(d.key),
    role: d.demoRole as OrgRole,
    ...(d.expert ? { expert: true } : {}),
  }));
  state.counters.organization = 2;
  state.organizations.push(
    { id: '1', displayName: 'Demo Coffee Co.', type: 'STANDARD', members: demoMembers, createTime: iso },
    {
      id: '2',
      displayName: 'Partner Agency',
      type: 'STANDARD',
      members: [{ userId: userId('outsider'), role: 'Owner' }],
      createTime: iso,
    },
  );

  const contents = new Map<string, ProjectContent>();
  const addProject = (
    p: Omit<
      ProjectRecord,
      | 'id'
      | 'datapacks'
      | 'baseDatapack'
      | 'enginePackId'
      | 'ontologyId'
      | 'createTime'
      | 'updateTime'
      | 'languageTopic'
      | 'isChildDataCompliant'
      | 'projectDescription'
    >,
    content: ProjectContent,
  ): void => {
    state.counters.project += 1;
    const id = String(state.counters.project);
    state.projects.push({
      id,
      languageTopic: 'gen',
      isChildDataCompliant: 'NO',
      projectDescription: '',
      datapacks: p.languages.map((l) => ({ displayName: l, version: '4.7.0', isActive: true })),
      baseDatapack: '10.2.14',
      enginePackId: randomUUID(),
      ontologyId: randomUUID(),
      createTime: iso,
      updateTime: iso,
      ...p,
    });
    contents.set(id, content);
  };
  addProject(
    {
      orgId: '1',
      displayName: 'Coffee Shop',
      languages: ['en-US', 'fr-CA'],
      members: [],
      createdBy: userId('owner'),
      channels: [channel('IVR channel', IVR_MODES, 'PURPLE'), channel('Digital VA text', TEXT_MODES, 'LIGHT_ORANGE')],
    },
    coffeeShopContent(),
  );
  addProject(
    {
      orgId: '1',
      displayName: 'Travel Desk',
      languages: ['en-US'],
      members: [{ userId: userId('outsider'), role: 'Admin' }],
      createdBy: userId('owner'),
      channels: [channel('Omni Channel VA', [...IVR_MODES, ...TEXT_MODES], 'CORN_FLOWER')],
    },
    smallContent('Travel Desk', ['BOOK_FLIGHT', 'FLIGHT_STATUS']),
  );
  addProject(
    {
      orgId: '2',
      displayName: 'Partner Prototype',
      languages: ['en-US'],
      members: [],
      createdBy: userId('outsider'),
      channels: [channel('Web chat', TEXT_MODES, 'GREEN')],
    },
    smallContent('Partner Prototype', ['GREETING']),
  );
  seedApplications(state, contents, iso);
  return { state, contents };
}

function newClient(userId: string, iso: string): ClientRecord {
  return {
    clientId: `svc-api-client:${randomUUID()}`,
    clientSecret: randomBytes(24).toString('base64url'),
    userId,
    createTime: iso,
  };
}

/** The demo clients in seed order: owner first, then the Admin, then the other roles. */
export function describeClients(state: SandboxState): SandboxClientInfo[] {
  return state.clients.flatMap((c) => {
    const user = state.users.find((u) => u.id === c.userId);
    if (!user) return [];
    const demo = DEMO_USERS.find((d) => d.email === user.email);
    const roles: string[] = [...user.globalRoles];
    for (const o of state.organizations) {
      const m = o.members.find((x) => x.userId === user.id);
      if (m) roles.push(`${m.role}${m.expert ? ' + Expert' : ''} of organization ${o.id} "${o.displayName}"`);
    }
    for (const p of state.projects) {
      const m = p.members.find((x) => x.userId === user.id);
      if (m) roles.push(`${m.role} of project ${p.id} "${p.displayName}" (project member)`);
    }
    return [
      {
        key: demo?.key ?? `user-${user.id}`,
        clientId: c.clientId,
        clientSecret: c.clientSecret,
        user: user.name,
        userId: user.id,
        email: user.email,
        roles,
      },
    ];
  });
}
