// Samples of an intent: export (a zip with one `<locale>.trsx` per locale, `?locales=` to choose), append and
// replace (`.trsx` or `.txt`, `?locale=`) as jobs.
import { intentSamplesFileName } from '../../core/package/fileNames';
import { requireVisibleProject } from '../access';
import { requireEditableProject } from '../editableProject';
import { caller, managementRoute } from '../auth';
import type { SandboxContext } from '../context';
import { fileDownload } from '../http';
import { LOCALE_IMPORT_ROUTES, startLocaleImport } from '../nlu/imports';
import { exportLocales } from '../nlu/model';
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

  for (const [method, mode] of LOCALE_IMPORT_ROUTES) {
    router.add(
      managementRoute(method, `${SAMPLES}/.${mode}`, async (req) => {
        const project = requireEditableProject(state, req, `${mode} samples`);
        requireIntent(store.content(project.id), project, req.params.intentName);
        return startLocaleImport(ctx, req, project, 'samples', mode, req.params.intentName);
      }),
    );
  }
}
