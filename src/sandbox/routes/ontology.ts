// The project ontology: export (grammars only for professional-services users), append (a zip of TRSX and
// GrXML, as a job) and the platform's entity-types list. This module also registers the executor of every
// NLU import job (literals, samples, ontology), which the other NLU route modules start.
import { ontologyFileName } from '../../core/package/fileNames';
import { isProfessionalServices, requireVisibleProject } from '../access';
import { requireEditableProject } from '../editableProject';
import { caller, managementRoute } from '../auth';
import type { SandboxContext } from '../context';
import { badRequest } from '../errors';
import { requireFeature } from '../features';
import { fileDownload } from '../http';
import { COMPATIBLE_DATA_TYPES, ENTITY_KINDS, KIND_DESCRIPTIONS } from '../nlu/entityKinds';
import { canUseGrammars } from '../nlu/grammars';
import { registerImportExecutor, startImport, uploadOf } from '../nlu/imports';
import { exportLocales } from '../nlu/model';
import { ontologyZip } from '../nlu/ontology';
import { json, type Router } from '../router';

export function registerOntologyRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;
  registerImportExecutor(ctx);

  router.add(
    managementRoute('GET', '/v4/projects/:projectId/ontology/.export', async (req) => {
      const principal = caller(req);
      const { project } = requireVisibleProject(state, principal, req.params.projectId);
      const at = new Date(ctx.now());
      const zip = await ontologyZip(
        store.content(project.id),
        project,
        exportLocales(req.query, project),
        isProfessionalServices(principal.user),
        at,
      );
      return fileDownload(zip, ontologyFileName(project.id, project.displayName, at));
    }),
  );

  router.add(
    managementRoute('PUT', '/v4/projects/:projectId/ontology/.append', async (req) => {
      const principal = caller(req);
      const project = requireEditableProject(state, req, 'append to the ontology');
      const { data, fileName } = await uploadOf(req);
      const spec = {
        target: 'ontology',
        mode: 'append',
        fileName,
        grammarsAllowed: canUseGrammars(state, principal, project),
      } as const;
      return startImport(ctx, req, project, spec, data);
    }),
  );

  router.add(
    managementRoute('GET', '/v4/ontology/entity-types', (req) => {
      requireFeature(ctx.featuresOff, 'entity-types');
      // Optional `type` filter (one or more entity kinds); an unknown kind is the documented 400.
      const wanted = req.query.getAll('type');
      const unknown = wanted.filter((t) => !(ENTITY_KINDS as readonly string[]).includes(t));
      if (unknown.length > 0)
        throw badRequest(
          `Unknown entity type ${unknown.map((t) => `"${t}"`).join(', ')}; use one of ${ENTITY_KINDS.join(', ')}.`,
        );
      const kinds = wanted.length > 0 ? ENTITY_KINDS.filter((k) => wanted.includes(k)) : ENTITY_KINDS;
      return json({
        entityTypes: kinds.map((name) => ({
          name,
          description: KIND_DESCRIPTIONS[name],
          compatibleDataTypes: [...COMPATIBLE_DATA_TYPES[name]],
        })),
      });
    }),
  );
}
