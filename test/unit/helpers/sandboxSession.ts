// Per-user request helpers over one test sandbox: `as('owner')('GET', '/v4/…')`, tokens fetched once per user.
import type { TestSandbox } from './sandbox';
import { send, token, type RawResponse, type SendOptions } from './sandboxHttp';

export type UserCall = (method: string, path: string, json?: unknown, options?: SendOptions) => Promise<RawResponse>;

export function sessions(sbx: () => TestSandbox): (key: string) => UserCall {
  const tokens = new Map<string, string>();
  return (key) =>
    async (method, path, json, options = {}) => {
      let t = tokens.get(key);
      if (!t) {
        t = await token(sbx(), sbx().client(key));
        tokens.set(key, t);
      }
      return send(sbx(), method, path, { ...options, token: t, json });
    };
}

/** The gateway error message of a response. */
export function messageOf(res: RawResponse): string {
  return (res.json as { message?: string } | undefined)?.message ?? res.text;
}
