// Icons of the explorer: the platform's own objects use the extension's icons in media/ (light and dark
// variants); states (running, failed, deployed, locked…) use codicons with theme colors, so they follow the
// user's theme and read at a glance.
import * as vscode from 'vscode';

export type MediaIcon =
  | 'organization'
  | 'project'
  | 'intent'
  | 'entity'
  | 'channel'
  | 'application'
  | 'bot'
  | 'connection';

export type IconPath = vscode.ThemeIcon | { light: vscode.Uri; dark: vscode.Uri };

export class ExplorerIcons {
  constructor(private readonly extensionUri: vscode.Uri) {}

  media(name: MediaIcon): IconPath {
    return {
      light: vscode.Uri.joinPath(this.extensionUri, 'media', 'light', `${name}.svg`),
      dark: vscode.Uri.joinPath(this.extensionUri, 'media', 'dark', `${name}.svg`),
    };
  }
}

export function themeIcon(id: string, color?: string): vscode.ThemeIcon {
  return color ? new vscode.ThemeIcon(id, new vscode.ThemeColor(color)) : new vscode.ThemeIcon(id);
}

/** Job states: spinning while running, then passed / partially / failed. */
export function jobStatusIcon(status: string): vscode.ThemeIcon {
  switch (status) {
    case 'RUNNING':
      return themeIcon('sync~spin', 'charts.blue');
    case 'COMPLETED':
      return themeIcon('pass', 'testing.iconPassed');
    case 'PARTIALLY_COMPLETED':
      return themeIcon('warning', 'list.warningForeground');
    case 'FAILED':
      return themeIcon('error', 'testing.iconFailed');
    default:
      return themeIcon('circle-outline');
  }
}

/** Build states (`BST_COMPLETED`, `BST_FAILED`, …). */
export function buildStatusIcon(status: string | undefined): vscode.ThemeIcon {
  if (status === 'BST_COMPLETED' || status === 'COMPLETED') return themeIcon('pass', 'testing.iconPassed');
  if (status === 'BST_FAILED' || status === 'FAILED') return themeIcon('error', 'testing.iconFailed');
  if (status && /PROGRESS|RUNNING|PENDING|QUEUED/.test(status)) return themeIcon('sync~spin', 'charts.blue');
  return themeIcon('package');
}

/** Deployment states of an environment geography. */
export function deploymentStatusIcon(status: string): vscode.ThemeIcon {
  if (status === 'DEPLOYED') return themeIcon('cloud', 'testing.iconPassed');
  if (status === 'UNDEPLOYED') return themeIcon('cloud', 'disabledForeground');
  if (/PENDING|PROGRESS/.test(status)) return themeIcon('sync~spin', 'charts.blue');
  if (/FAIL|ERROR/.test(status)) return themeIcon('error', 'testing.iconFailed');
  return themeIcon('circle-outline');
}

/** A readable form of an enum value: `PARTIALLY_COMPLETED` → `partially completed`, `BST_COMPLETED` → `completed`. */
export function humanize(value: string | undefined): string {
  return (value ?? '')
    .replace(/^(BST|AV|BV)_/, '')
    .replace(/_/g, ' ')
    .toLowerCase();
}
