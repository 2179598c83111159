// The one HTML page shape of the extension's webviews: a strict Content-Security-Policy (each caller lists only
// what its page loads, from the webview's own source), the extension's stylesheet, no inline script (a page that
// needs one loads one file of media/ under a per-page nonce). Text from the platform or the files is escaped with
// `escapeHtml` before it goes in.

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface WebviewPage {
  /** The Content-Security-Policy, e.g. `default-src 'none'; style-src ${cspSource}`. */
  readonly csp: string;
  /** The stylesheet's webview URI. */
  readonly stylesheet: string;
  readonly title: string;
  /** The body's HTML, already escaped. */
  readonly body: string;
  /** A script file's webview URI and the nonce the CSP names (`script-src 'nonce-…'`); most pages have none. */
  readonly script?: { readonly src: string; readonly nonce: string };
}

export function webviewPage(page: WebviewPage): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${page.csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${escapeHtml(page.stylesheet)}">
<title>${escapeHtml(page.title)}</title>
</head>
<body>
${page.body}
${page.script ? `<script nonce="${escapeHtml(page.script.nonce)}" src="${escapeHtml(page.script.src)}"></script>\n` : ''}</body>
</html>`;
}
