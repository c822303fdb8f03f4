import {
  defaultErrorMessages,
  errorTypeOf,
  statusOf,
  type ApiError,
  type ErrorCode,
} from '@greenhouse/contracts';

/**
 * The one error type of the server. Services throw it with a stable code from the contracts'
 * table; the error handler turns it into the API's error shape `{code, status, message, type, params}`.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, unknown> = {},
    message?: string,
  ) {
    super(message ?? defaultErrorMessages[code]);
    this.name = 'AppError';
    this.status = statusOf(code);
  }

  /** A field error: names the field, and its bound when there is one. */
  static field(code: ErrorCode, field: string, bounds: { min?: number; max?: number } = {}): AppError {
    return new AppError(code, { field, ...bounds });
  }

  toResponse(): ApiError {
    return {
      code: this.code,
      status: this.status,
      message: this.message,
      type: errorTypeOf(this.code),
      params: this.params,
    };
  }
}
