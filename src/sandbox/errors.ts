// Errors a sandbox handler throws to answer a request. The server turns each into its wire body: the
// management API's gateway error `{code, message, details}` by default; families with another error
// shape (OAuth, the consumer API) subclass and override `body()`.

/** gRPC status codes the gateway puts in `code` (docs/platform-notes.md, "Errors"). */
export const GrpcCode = {
  OK: 0,
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  ABORTED: 10,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const;

const CODE_FOR_STATUS: Readonly<Record<number, number>> = {
  400: GrpcCode.INVALID_ARGUMENT,
  401: GrpcCode.UNAUTHENTICATED,
  403: GrpcCode.PERMISSION_DENIED,
  404: GrpcCode.NOT_FOUND,
  405: GrpcCode.UNIMPLEMENTED,
  409: GrpcCode.ABORTED,
  413: GrpcCode.INVALID_ARGUMENT,
  429: GrpcCode.RESOURCE_EXHAUSTED,
  500: GrpcCode.INTERNAL,
  501: GrpcCode.UNIMPLEMENTED,
  503: GrpcCode.UNAVAILABLE,
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The JSON body sent to the client. */
  body(): unknown {
    return { code: CODE_FOR_STATUS[this.status] ?? GrpcCode.INTERNAL, message: this.message, details: [] };
  }
}

export const badRequest = (message: string): ApiError => new ApiError(400, message);
export const unauthorized = (message: string): ApiError => new ApiError(401, message, { 'www-authenticate': 'Bearer' });
export const forbidden = (message: string): ApiError => new ApiError(403, message);
export const notFound = (message: string): ApiError => new ApiError(404, message);
export const conflict = (message: string): ApiError => new ApiError(409, message);
