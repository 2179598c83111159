// Deployment flows as the discovery endpoint shows them: one promotion step per environment, in flow order
// (mix-cli's deployment-flows fixture: `{id, displayName, steps: [{id, step, requiresApproval, environments}]}`).
// Step ids are derived from the flow id and the step number, so a deploy reply can name its
// `promotionFlowStepId` without storing steps.
import type { SandboxState } from '../state';
import type { DeploymentFlowRecord, EnvironmentRecord, EnvGeographyRecord } from './model';

export interface FlowStep {
  id: string;
  step: number;
  environment: EnvironmentRecord;
}

export function flowSteps(state: SandboxState, flow: DeploymentFlowRecord): FlowStep[] {
  return flow.environmentIds.flatMap((envId, i) => {
    const environment = state.environments.find((e) => e.id === envId);
    return environment ? [{ id: String(Number(flow.id) * 100 + i + 1), step: i + 1, environment }] : [];
  });
}

/** The promotion step of `flow` that deploys to the environment of `geo` ("" when the flow does not reach it). */
export function stepIdOf(
  state: SandboxState,
  flow: DeploymentFlowRecord | undefined,
  geo: EnvGeographyRecord | undefined,
): string {
  if (!flow || !geo) return '';
  return flowSteps(state, flow).find((s) => s.environment.id === geo.environmentId)?.id ?? '';
}

/** `{id, geography, envType, envHost}`: an environment geography inside a flow or environment listing. */
export function geographyEntry(g: EnvGeographyRecord): Record<string, unknown> {
  return { id: g.id, geography: { ...g.geography }, envType: g.envType, envHost: g.envHost };
}

export function environmentEntry(e: EnvironmentRecord): Record<string, unknown> {
  return { id: e.id, displayName: e.name, geographies: e.geographies.map(geographyEntry) };
}

/** Deploys need no approval in the sandbox, so no step asks for one. */
export function flowView(state: SandboxState, flow: DeploymentFlowRecord): Record<string, unknown> {
  return {
    id: flow.id,
    displayName: flow.displayName,
    steps: flowSteps(state, flow).map((s) => ({
      id: s.id,
      step: s.step,
      requiresApproval: false,
      environments: [environmentEntry(s.environment)],
    })),
  };
}
