// Errors of the NLU runtime, as the platform's HTTP gateway gives them: the HTTP status, the gateway body
// `{code, message, details}` (a gRPC code) and the headers `grpc-status` and `grpc-message`, which the public
// demo client reads first (api/xaas.py, OAuthApi._request: `ret.headers['grpc-message']` on 400/401/403/404/500).
// `grpc-message` is percent-encoded as gRPC requires, so any message fits in a header.
import { ApiError } from '../errors';

/** The headers every runtime error carries, also for errors raised before the handler (auth, faults). */
export function grpcHeaders(err: ApiError): Record<string, string> {
  const body = err.body() as { code?: number };
  return { 'grpc-status': String(body.code ?? 13), 'grpc-message': encodeGrpcMessage(err.message) };
}

/** gRPC's percent-encoding of status messages: printable ASCII except `%` stays as it is. */
export function encodeGrpcMessage(message: string): string {
  let out = '';
  for (const byte of Buffer.from(message, 'utf8')) {
    out +=
      byte >= 0x20 && byte <= 0x7e && byte !== 0x25
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export class RuntimeError extends ApiError {
  static badRequest(message: string): RuntimeError {
    return new RuntimeError(400, message);
  }

  static notFound(message: string): RuntimeError {
    return new RuntimeError(404, message);
  }

  static forbidden(message: string): RuntimeError {
    return new RuntimeError(403, message);
  }
}
