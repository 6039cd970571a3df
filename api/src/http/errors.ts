import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { da, type ApiError, type ErrorCode } from '@optik/shared';

/** An error that maps to one HTTP answer in the API's single JSON error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string = da.errors.notFound) => new HttpError(404, 'not_found', message);
export const badRequest = (fields: Record<string, string>, message: string = da.errors.correctAndRetry) =>
  new HttpError(400, 'validation_failed', message, fields);

/** Zod issues → `{ "path.to.field": "Danish message" }`, first message per field. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses with the shared schema and hands the parsed value on; bad input → 400 with field messages. */
export function parseOr400<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw badRequest(fieldErrors(result.error));
  return result.data;
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Unknown /api routes answer JSON 404, not Express's HTML page. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json(errorBody('not_found', da.errors.notFound));
};

/**
 * The one final error middleware (registered after every route). Never sends a stack trace;
 * body-parser's malformed JSON and oversized bodies become 400/413 JSON.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof HttpError) {
      res.status(err.status).json(errorBody(err.code, err.message, err.fields));
      return;
    }
    const type = (err as { type?: string }).type;
    if (type === 'entity.parse.failed') {
      res.status(400).json(errorBody('malformed_json', da.errors.malformedJson));
      return;
    }
    if (type === 'entity.too.large') {
      res.status(413).json(errorBody('bad_request', da.errors.somethingWentWrong));
      return;
    }
    const status = (err as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json(errorBody('bad_request', da.errors.somethingWentWrong));
      return;
    }
    (req.log ?? logger).error({ err }, 'unhandled error');
    res.status(500).json(errorBody('internal', da.errors.somethingWentWrong));
  };
}
