import type { IncomingMessage } from 'node:http';
import type { ErrorBody } from '@formsmith/core/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

const STATUS_CODES: Record<number, ErrorBody['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'FORM_EXPIRED',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'SUBMISSION_INVALID',
  429: 'RATE_LIMITED',
};

/** Turns every failure into the one error shape, {error, code, fields}; 5xx details stay in the log. */
export function toErrorBody(err: FastifyError | AppError | Error): { status: number; body: ErrorBody } {
  if (err instanceof AppError) {
    return {
      status: err.statusCode,
      body: {
        ...err.details,
        error: err.message,
        code: err.code,
        ...(err.fields ? { fields: err.fields } : {}),
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string> = {};
    let message: string | undefined;
    for (const v of err.validation) {
      const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
      const text = v.message ?? 'Invalid value';
      fields[key] ??= text;
      // Our own checks (custom issues) are written for people; zod's type errors get their key.
      message ??= v.keyword === 'custom' ? text : `Invalid ${key}: ${text}`;
    }
    message ??= 'Invalid request';
    return { status: 400, body: { error: message, code: 'VALIDATION_FAILED', fields } };
  }
  const fe = err as FastifyError;
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
    return { status: 413, body: { error: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' } };
  }
  if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err instanceof SyntaxError && status === 400)) {
    return { status: 400, body: { error: 'Request body is not valid JSON', code: 'BAD_REQUEST' } };
  }
  if (status === 429) {
    return {
      status,
      body: { error: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' },
    };
  }
  if (status >= 400 && status < 500) {
    return {
      status,
      body: { error: fe.message || 'Bad request', code: STATUS_CODES[status] ?? 'BAD_REQUEST' },
    };
  }
  return {
    status: 500,
    body: { error: 'Something went wrong on our side. Please try again later.', code: 'INTERNAL' },
  };
}

/** How much of a refused body is read and thrown away so that its client can read the 413. */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

/**
 * Reads what is left of a request's body and drops it, up to a bound of bytes and time: true when
 * the body ended. A server that answers while the body is still arriving and then closes resets
 * the connection, and a client still sending (curl, most scripts) sees a broken pipe instead of
 * the answer.
 */
export function discardRequestBody(
  raw: IncomingMessage,
  bounds = { maxBytes: DISCARD_MAX_BYTES, maxMs: DISCARD_MAX_MS },
): Promise<boolean> {
  if (raw.readableEnded) return Promise.resolve(true);
  if (raw.destroyed || Number(raw.headers['content-length']) > bounds.maxBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onStop);
      raw.off('close', onStop);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > bounds.maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onStop = () => finish(raw.readableEnded);
    const timer = setTimeout(() => finish(false), bounds.maxMs);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onStop);
    raw.on('close', onStop);
    raw.resume();
  });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const { status, body } = toErrorBody(err as FastifyError);
    if (status >= 500) request.log.error({ err }, 'request failed');
    if (err instanceof AppError && err.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(err.retryAfterSeconds));
    }
    // A body too large is answered once it has arrived (up to a bound), so its client can read
    // the 413; Fastify closes the connection after it, as the body's end cannot be trusted.
    if (status === 413) {
      return discardRequestBody(request.raw).then(() => reply.status(status).send(body));
    }
    return reply.status(status).send(body);
  });
}
