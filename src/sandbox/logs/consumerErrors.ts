// Errors of the event-log consumer and audio APIs. They answer the Kafka REST Proxy's errorResponse
// `{error_code, message}` instead of the management gateway's `{code, message, details}`; `error_code`
// is the proxy's five-digit code where one exists (40403 "Consumer instance not found.") and the HTTP
// status otherwise, as the spec's example shows (docs/platform-notes.md, "Event-log consumer API").
import { ApiError } from '../errors';

export const ErrorCode = {
  BAD_REQUEST: 400,
  TOPIC_NOT_FOUND: 40401,
  PARTITION_NOT_FOUND: 40402,
  CONSUMER_NOT_FOUND: 40403,
  CONSUMER_ALREADY_EXISTS: 40902,
  ILLEGAL_STATE: 40903,
  TOO_MANY_REQUESTS: 429,
} as const;

export class ConsumerApiError extends ApiError {
  constructor(
    status: number,
    readonly errorCode: number,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(status, message, headers);
  }

  override body(): unknown {
    return { error_code: this.errorCode, message: this.message };
  }
}

/** The exact reply the public collector expects for an unknown or expired consumer. */
export const consumerNotFound = (): ConsumerApiError =>
  new ConsumerApiError(404, ErrorCode.CONSUMER_NOT_FOUND, 'Consumer instance not found.');

export const consumerBadRequest = (message: string): ConsumerApiError =>
  new ConsumerApiError(400, ErrorCode.BAD_REQUEST, message);

export const illegalState = (message: string): ConsumerApiError =>
  new ConsumerApiError(409, ErrorCode.ILLEGAL_STATE, message);

/** Any error thrown before a consumer-API handler runs (auth, faults, 404/405), in the errorResponse shape. */
export function asConsumerApiBody(err: ApiError): unknown {
  return err instanceof ConsumerApiError ? err.body() : { error_code: err.status, message: err.message };
}
