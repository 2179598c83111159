// `cstudio samples export|append|replace`
import { contentCommands } from '../contentCommands';

const samples = contentCommands({
  path: (verb) => ['samples', verb],
  content: 'samples',
  item: 'sample',
  owner: 'intent',
  ownerArg: 'intentName',
  importFiles: 'a .trsx or .txt file',
  appendNote: '; existing samples count up',
  exportName: (projectId, intent) => `${projectId}-${intent}-samples.zip`,
  client: (client) => client.samples,
});

export const samplesExport = samples.export;
export const samplesAppend = samples.append;
export const samplesReplace = samples.replace;
