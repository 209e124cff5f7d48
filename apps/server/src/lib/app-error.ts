import { ERROR_CODES, type TErrorCode } from "@shobai/shared";

/** A failure the user can act on: services throw it, the error handler answers with its status. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly status: number,
    readonly code: TErrorCode,
    message: string,
  ) {
    super(message);
  }

  static unauthorized(message = "Unauthorized: sign in to continue") {
    return new AppError(401, ERROR_CODES.unauthorized, message);
  }
  static notFound(message = "Not found") {
    return new AppError(404, ERROR_CODES.notFound, message);
  }
  static badRequest(code: TErrorCode, message: string) {
    return new AppError(400, code, message);
  }
  static conflict(code: TErrorCode, message: string) {
    return new AppError(409, code, message);
  }
  static notConfigured(message: string) {
    return new AppError(503, ERROR_CODES.notConfigured, message);
  }
}
