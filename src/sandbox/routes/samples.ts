// Samples of an intent: export (a zip with one `<locale>.trsx` per locale, `?locales=` to choose), append and
// replace (`.trsx` or `.txt`, `?locale=`) as jobs.
import { intentSamplesFileName } from '../../core/package/fileNames';
import { requireVisibleProject } from '../access';
import { requireEditableProject } from '../editableProject';
import { caller, managementRoute } from '../auth';
import type { SandboxContext } from '../context';
import { fileDownload } from '../http';
import { startImport, uploadOf } from '../nlu/imports';
import { exportLocales, importLocale } from '../nlu/model';
import { samplesZip } from '../nlu/samples';
import { type Router } from '../router';
import { requireIntent } from './intents';

const SAMPLES = '/v4/projects/:projectId/intents/:intentName/samples';

export function registerSampleRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;

  router.add(
    managementRoute('GET', `${SAMPLES}/.export`, async (req) => {
      const { project } = requireVisibleProject(state, caller(req), req.params.projectId);
      const content = store.content(project.id);
      const intent = req.params.intentName;
      requireIntent(content, project, intent);
      const at = new Date(ctx.now());
      const zip = await samplesZip(content, intent, exportLocales(req.query, project), at);
      return fileDownload(zip, intentSamplesFileName(project.id, project.displayName, intent, at));
    }),
  );

  for (const [method, mode] of [
    ['PUT', 'append'],
    ['POST', 'replace'],
  ] as const) {
    router.add(
      managementRoute(method, `${SAMPLES}/.${mode}`, async (req) => {
        const project = requireEditableProject(state, req, `${mode} samples`);
        const intent = req.params.intentName;
        requireIntent(store.content(project.id), project, intent);
        const locale = importLocale(req.query, project);
        const { data, fileName } = await uploadOf(req);
        return startImport(ctx, req, project, { target: 'samples', mode, name: intent, locale, fileName }, data);
      }),
    );
  }
}
