// Which value of a security-relevant setting (URLs a secret is sent to) applies. A workspace can carry
// settings in its `.vscode/settings.json`; an untrusted workspace must not be able to point a saved client
// secret at a host of its choosing, so there only the user's own (global) value and the default count.

/** The shape of `WorkspaceConfiguration.inspect()` that matters here. */
export interface InspectedSetting<T> {
  readonly defaultValue?: T;
  readonly globalValue?: T;
  readonly workspaceValue?: T;
  readonly workspaceFolderValue?: T;
}

export interface TrustedValue<T> {
  readonly value: T | undefined;
  /** True when a workspace-level value exists but was ignored because the workspace is not trusted. */
  readonly ignoredWorkspaceValue: boolean;
}

export function trustedSettingValue<T>(
  inspected: InspectedSetting<T> | undefined,
  workspaceTrusted: boolean,
): TrustedValue<T> {
  if (!inspected) return { value: undefined, ignoredWorkspaceValue: false };
  const fromWorkspace = inspected.workspaceFolderValue ?? inspected.workspaceValue;
  if (workspaceTrusted) {
    return { value: fromWorkspace ?? inspected.globalValue ?? inspected.defaultValue, ignoredWorkspaceValue: false };
  }
  return { value: inspected.globalValue ?? inspected.defaultValue, ignoredWorkspaceValue: fromWorkspace !== undefined };
}
