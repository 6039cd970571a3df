import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { da, type ApiError, type ErrorCode } from '@optik/shared';
import { allowedMethods } from './route-table';

/** An error that maps to one HTTP answer in the API's single JSON error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries (e.g. Retry-After of a 503). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string = da.errors.notFound) => new HttpError(404, 'not_found', message);
export const badRequest = (fields: Record<string, string>, message: string = da.errors.correctAndRetry) =>
  new HttpError(400, 'validation_failed', message, fields);

/** A well-formed request that fails validation, where the caller's clients retry a 400 (the widget's /v2 API: 422 stops their retries, SPEC §7). */
export const unprocessable = (fields: Record<string, string>, message: string = da.errors.correctAndRetry) =>
  new HttpError(422, 'validation_failed', message, fields);

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

/** As parseOr400, answering 422 (see `unprocessable`). */
export function parseOr422<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw unprocessable(fieldErrors(result.error));
  return result.data;
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export const METHOD_NOT_ALLOWED_MESSAGE = 'Den handling findes ikke på denne adresse.';

/**
 * Unknown routes answer JSON 404, not Express's HTML page; a known path asked with a method it
 * does not take answers JSON 405 with `Allow` (issue 15: nothing answers outside the one shape).
 */
export const notFoundHandler: RequestHandler = (req, res) => {
  const allow = allowedMethods(req.app, req.path);
  if (allow.length > 0 && !allow.includes(req.method)) {
    res.status(405).set('Allow', [...allow, 'OPTIONS'].join(', ')).json(errorBody('bad_request', METHOD_NOT_ALLOWED_MESSAGE));
    return;
  }
  res.status(404).json(errorBody('not_found', da.errors.notFound));
};

/**
 * OPTIONS, answered before any router (Express would answer it itself, as text/plain): 204 with
 * `Allow` and no body where a route exists, else the JSON 404. The API serves its own origin
 * only, so there is no CORS preflight to grant.
 */
export const optionsHandler: RequestHandler = (req, res, next) => {
  if (req.method !== 'OPTIONS') return next();
  const allow = allowedMethods(req.app, req.path);
  if (allow.length === 0) return notFoundHandler(req, res, next);
  res.status(204).set('Allow', [...allow, 'OPTIONS'].join(', ')).end();
};

/**
 * The one final error middleware (registered after every route). Never sends a stack trace;
 * body-parser's malformed JSON and oversized bodies become 400/413 JSON.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof HttpError) {
      if (err.headers) res.set(err.headers);
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
