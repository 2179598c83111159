// File endpoints of an entity: rule-based grammars (export and replace; professional-services and Expert users
// only) and literals (export; append and replace as jobs, from .trsx, .list or .nmlist, with `?locale=`).
import { entityLiteralsFileName, grammarsFileName } from '../../core/package/fileNames';
import { requireVisibleProject } from '../access';
import { requireEditableProject } from '../editableProject';
import { caller, managementRoute } from '../auth';
import { isoNow, type SandboxContext } from '../context';
import { badRequest } from '../errors';
import { fileDownload } from '../http';
import { requireEntity } from '../nlu/entityEdits';
import { kindOf, WRAPPER_KEY } from '../nlu/entityKinds';
import { entityView } from '../nlu/entityViews';
import { grammarsZip, readGrammarsZip, requireGrammarRights } from '../nlu/grammars';
import { LOCALE_IMPORT_ROUTES, startLocaleImport, uploadOf } from '../nlu/imports';
import { literalsZip } from '../nlu/literals';
import { exportLocales, localeContent } from '../nlu/model';
import { json, type Router, type SandboxRequest } from '../router';
import type { ProjectContent, ProjectRecord } from '../state';
import type { TrsxConcept } from '../../core/formats/trsx/model';

const ENTITY = '/v4/projects/:projectId/entities/:entityName';

export function registerEntityFileRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;
  const entityName = (req: SandboxRequest<{ readonly entityName: string }>): string => req.params.entityName;
  const ruleBased = (content: ProjectContent, project: ProjectRecord, name: string): TrsxConcept => {
    const concept = requireEntity(content, project, name);
    const kind = kindOf(concept);
    if (kind !== 'RULE_BASED')
      throw badRequest(`Entity "${name}" is a ${WRAPPER_KEY[kind]}; only rule-based entities have grammars.`);
    return concept;
  };

  router.add(
    managementRoute('GET', `${ENTITY}/grammars/.export`, async (req) => {
      const principal = caller(req);
      const { project } = requireVisibleProject(state, principal, req.params.projectId);
      requireGrammarRights(state, principal, project, 'export rule-based grammars');
      const content = store.content(project.id);
      const concept = ruleBased(content, project, entityName(req));
      const zip = await grammarsZip(content, project, concept, new Date(ctx.now()));
      return fileDownload(zip, grammarsFileName(project.id, concept.name));
    }),
  );

  router.add(
    managementRoute('POST', `${ENTITY}/grammars/.replace`, async (req) => {
      const principal = caller(req);
      const project = requireEditableProject(state, req, 'replace rule-based grammars');
      requireGrammarRights(state, principal, project, 'replace rule-based grammars');
      const content = store.content(project.id);
      const concept = ruleBased(content, project, entityName(req));
      const { data } = await uploadOf(req);
      const grammars = await readGrammarsZip(data, project, concept.name, ctx.logger);
      for (const [locale, grammar] of grammars) {
        const lc = localeContent(content, locale);
        const path =
          lc.trsx.concepts.find((c) => c.name === concept.name)?.ruleGrammarFileName ??
          concept.ruleGrammarFileName ??
          '';
        lc.files[path] = Buffer.from(grammar).toString('base64');
      }
      store.touchContent(project.id);
      project.updateTime = isoNow(ctx);
      await store.commit();
      return json({ entity: entityView(project, content, concept, true), replacedLocales: [...grammars.keys()] });
    }),
  );

  router.add(
    managementRoute('GET', `${ENTITY}/literals/.export`, async (req) => {
      const { project } = requireVisibleProject(state, caller(req), req.params.projectId);
      const content = store.content(project.id);
      const concept = requireEntity(content, project, entityName(req));
      const at = new Date(ctx.now());
      const zip = await literalsZip(content, concept, exportLocales(req.query, project), at);
      return fileDownload(zip, entityLiteralsFileName(project.id, project.displayName, concept.name, at));
    }),
  );

  for (const [method, mode] of LOCALE_IMPORT_ROUTES) {
    router.add(
      managementRoute(method, `${ENTITY}/literals/.${mode}`, async (req) => {
        const project = requireEditableProject(state, req, `${mode} entity literals`);
        requireEntity(store.content(project.id), project, entityName(req));
        return startLocaleImport(ctx, req, project, 'literals', mode, entityName(req));
      }),
    );
  }
}
