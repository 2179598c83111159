// The table of every `cstudio` command. main.ts dispatches on it; `cstudio --help` lists it in this order.
import type { CliCommand } from './command';
import { jobsDelete, jobsGet, jobsList, jobsWatch } from './commands/jobs';
import {
  entitiesChangeType,
  entitiesCreate,
  entitiesDelete,
  entitiesGet,
  entitiesList,
  entitiesRename,
  entitiesUpdate,
} from './commands/entities';
import {
  entitiesAppendLiterals,
  entitiesExportGrammars,
  entitiesExportLiterals,
  entitiesReplaceGrammars,
  entitiesReplaceLiterals,
} from './commands/entityFiles';
import { intentsCreate, intentsDelete, intentsGet, intentsList, intentsRename } from './commands/intents';
import { ontologyAppend, ontologyEntityTypes, ontologyExport } from './commands/ontology';
import { samplesAppend, samplesExport, samplesReplace } from './commands/samples';
import { orgsList } from './commands/orgs';
import { projectsLock, projectsLocks, projectsUnlock } from './commands/projectLocks';
import { projectsExport, projectsReplace } from './commands/projectPackage';
import {
  projectsCreate,
  projectsDatapack,
  projectsDelete,
  projectsGet,
  projectsList,
  projectsRename,
} from './commands/projects';
import {
  channelsActivate,
  channelsConfigure,
  channelsCreate,
  channelsDeactivate,
  channelsRename,
} from './commands/channels';
import { sandboxCommand } from './commands/sandbox';
import { sandboxEnv } from './commands/sandboxEnv';
import { sandboxSimulate } from './commands/simulate';
import { logsPartitions, logsTail } from './commands/logs';
import { discoverAdd, discoverIgnore, discoverList, discoverReset } from './commands/discover';
import { audioGet } from './commands/audio';
import { convertCommand } from './commands/convert';
import { formatCommand } from './commands/format';
import { grammarTestCommand } from './commands/grammar';
import { validateCommand } from './commands/validate';
import { renameCommand } from './commands/rename';
import { reportCommand } from './commands/report';
import { testNluCommand } from './commands/testNlu';
import { lspCommand } from './commands/lsp';
import { appsCredentials, appsList } from './commands/apps';
import { botsConfigs, botsCredentials, botsInterface, botsList } from './commands/bots';
import { buildsDelete, buildsDownload, buildsGet, buildsLatest, buildsList } from './commands/builds';
import { buildsStart } from './commands/buildsStart';
import { configsOverride, configsUpdate } from './commands/configChanges';
import { configsCreate, configsDelete, configsDownload, configsGet, configsList } from './commands/configs';
import { deployCommand, undeployCommand } from './commands/deploy';
import { envConfigsDelete, envConfigsList, envConfigsSet } from './commands/envConfigs';
import { syncPull } from './commands/syncPull';
import { syncStatus } from './commands/syncStatus';
import { syncDiff } from './commands/syncDiff';
import { syncPush } from './commands/syncPush';
import { backupsList, backupsRestore } from './commands/syncBackups';
import { syncCompare } from './commands/syncCompare';
import { tryCommand } from './commands/try';

export const allCommands: readonly CliCommand[] = [
  orgsList,
  projectsList,
  projectsGet,
  projectsCreate,
  projectsRename,
  projectsDelete,
  projectsDatapack,
  channelsCreate,
  channelsConfigure,
  channelsActivate,
  channelsDeactivate,
  channelsRename,
  projectsLock,
  projectsUnlock,
  projectsLocks,
  projectsExport,
  projectsReplace,
  jobsList,
  jobsGet,
  jobsWatch,
  jobsDelete,
  entitiesList,
  entitiesGet,
  entitiesCreate,
  entitiesUpdate,
  entitiesRename,
  entitiesChangeType,
  entitiesDelete,
  entitiesExportLiterals,
  entitiesAppendLiterals,
  entitiesReplaceLiterals,
  entitiesExportGrammars,
  entitiesReplaceGrammars,
  intentsList,
  intentsGet,
  intentsCreate,
  intentsRename,
  intentsDelete,
  samplesExport,
  samplesAppend,
  samplesReplace,
  ontologyExport,
  ontologyAppend,
  ontologyEntityTypes,
  syncPull,
  syncStatus,
  syncDiff,
  syncPush,
  backupsList,
  backupsRestore,
  syncCompare,
  buildsStart,
  buildsList,
  buildsLatest,
  buildsGet,
  buildsDelete,
  buildsDownload,
  appsList,
  appsCredentials,
  configsList,
  configsGet,
  configsCreate,
  configsUpdate,
  configsOverride,
  configsDelete,
  configsDownload,
  deployCommand,
  undeployCommand,
  botsList,
  botsCredentials,
  botsConfigs,
  botsInterface,
  envConfigsList,
  envConfigsSet,
  envConfigsDelete,
  logsTail,
  logsPartitions,
  audioGet,
  discoverList,
  discoverAdd,
  discoverIgnore,
  discoverReset,
  tryCommand,
  sandboxCommand,
  sandboxEnv,
  sandboxSimulate,
  validateCommand,
  renameCommand,
  reportCommand,
  testNluCommand,
  formatCommand,
  grammarTestCommand,
  convertCommand,
  lspCommand,
];
