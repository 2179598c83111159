// The platform's NLU runtime over HTTP (../shared/spec/nlu-runtime-notes.md):
//   POST /nlu/v1/runtime/interpret   InterpretRequest → InterpretResponse (proto3 JSON)
// The caller is a runtime client (`appID:…`) with a token of scope `nlu`; the model URN's context tag and
// language pick a deployed configuration's NLU build (runtime/deployedModel.ts). Every interpretation is
// logged on the application's event-log topic (runtime/interpretRecord.ts). Errors, auth included, carry
// `grpc-status` and `grpc-message` as the platform's gateway sends them (runtime/runtimeErrors.ts).
import { caller, NLU_SCOPES } from '../auth';
import type { SandboxContext } from '../context';
import { json, type Router } from '../router';
import { modelOfBuild } from '../runtime/buildModels';
import { resolveDeployedModel } from '../runtime/deployedModel';
import { interpretLogEntry } from '../runtime/interpretRecord';
import { parseInterpretRequest } from '../runtime/interpretRequest';
import { interpretResultWire } from '../runtime/interpretResult';
import { parseModelUrn } from '../runtime/modelUrn';
import { grpcHeaders, RuntimeError } from '../runtime/runtimeErrors';

/** Where the runtime's paths start: the platform's `nlu_base` ends in `/nlu/v1`. */
export const NLU_BASE_PATH = '/nlu/v1';

export function registerRuntimeRoutes(router: Router, ctx: SandboxContext): void {
  router.add({
    method: 'POST',
    path: `${NLU_BASE_PATH}/runtime/interpret`,
    auth: NLU_SCOPES,
    errorHeaders: grpcHeaders,
    handler: async (req) => {
      const principal = caller(req);
      const call = parseInterpretRequest(await req.json());
      const ref = parseModelUrn(call.modelUri);
      const deployed = resolveDeployedModel(ctx.state, principal.clientId, ref, call.modelUri);
      const model = await modelOfBuild(ctx, deployed.buildLabel, deployed.locale);
      if (!model)
        throw RuntimeError.notFound(
          `Model ${call.modelUri} not found: build ${deployed.buildLabel} has no model for ${deployed.locale}; build the project again.`,
        );
      const answer = model.interpret(call.text, {
        maxInterpretations: call.maxInterpretations,
        wordsets: call.wordsets,
      });
      const result = interpretResultWire(answer, call.resultType);
      await ctx.logs.store.append(deployed.credential.appId, [
        interpretLogEntry({
          topic: deployed.credential.appId,
          locale: deployed.locale,
          call,
          result,
          time: ctx.now(),
          partitionKey: call.clientData['x-nuance-dialog-session-id'],
        }),
      ]);
      return json({ status: { code: 200, message: 'OK' }, result });
    },
  });
}
