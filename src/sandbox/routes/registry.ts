// The route modules the server registers, one per resource family. A new family adds its module here.
import type { SandboxContext } from '../context';
import type { Router } from '../router';
import { registerAppConfigRoutes } from './appConfigs';
import { registerAppRoutes } from './apps';
import { registerAudioRoutes } from './audio';
import { registerBotRoutes } from './bots';
import { registerBuildRoutes } from './builds';
import { registerChannelRoutes } from './channels';
import { registerConsumerRoutes } from './consumers';
import { registerDeploymentRoutes } from './deployments';
import { registerDiscoveryRoutes } from './discovery';
import { registerEnvConfigRoutes } from './envConfigs';
import { registerEntityFileRoutes } from './entityFiles';
import { registerEntityRoutes } from './entities';
import { registerIntentRoutes } from './intents';
import { registerOntologyRoutes } from './ontology';
import { registerSampleRoutes } from './samples';
import { registerJobRoutes } from './jobs';
import { registerLockRoutes } from './locks';
import { registerOrganizationRoutes } from './organizations';
import { registerPackageRoutes } from './packages';
import { registerProjectRoutes } from './projects';
import { registerRuntimeRoutes } from './runtime';
import { registerSimulateRoutes } from './simulate';

export type RouteModule = (router: Router, ctx: SandboxContext) => void;

export const routeModules: readonly RouteModule[] = [
  registerOrganizationRoutes,
  registerProjectRoutes,
  registerPackageRoutes,
  registerLockRoutes,
  registerChannelRoutes,
  registerJobRoutes,
  registerConsumerRoutes,
  registerAudioRoutes,
  registerSimulateRoutes,
  registerEntityRoutes,
  registerEntityFileRoutes,
  registerIntentRoutes,
  registerSampleRoutes,
  registerOntologyRoutes,
  registerBuildRoutes,
  registerAppRoutes,
  registerAppConfigRoutes,
  registerDeploymentRoutes,
  registerBotRoutes,
  registerEnvConfigRoutes,
  registerDiscoveryRoutes,
  registerRuntimeRoutes,
];
