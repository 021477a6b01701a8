// Storage's error bodies: {statusCode, code, error, message}, answered with HTTP
// 400 for every error except 500s (supabase/storage src/internal/errors).
import type { ServerResponse } from 'node:http';
import { isPgError } from '../db/core.ts';
import { sendJson } from '../http/server.ts';

export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
    /** The HTTP status when it is not Storage's usual 400 (withStatusCode). */
    readonly httpStatus?: number,
  ) {
    super(message);
  }

  render(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  accessDenied: (message = 'Access denied') => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  /** enforceJwtRole: a route for other roles (answered with HTTP 403 itself). */
  invalidRole: () => new StorageError(403, 'AccessDenied', 'Unauthorized', 'Access denied: Invalid role', 403),
  rlsDenied: () => new StorageError(403, 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketAlreadyExists: () => new StorageError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  entityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (mime: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mime} is not supported`),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') =>
    new StorageError(400, 'InvalidSignature', 'InvalidSignature', message),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  /** A Range header Storage cannot serve: answered with HTTP 416 itself (withStatusCode). */
  invalidRange: () => new StorageError(416, 'InvalidRange', 'invalid_range', 'invalid range provided', 416),
  /** A request that fails Storage's route schema (Fastify's validation error: error "Error"). */
  validation: (message: string) => new StorageError(400, 'InvalidRequest', 'Error', message),
  invalidParameter: (name: string, message?: string) =>
    new StorageError(400, 'InvalidParameter', 'InvalidParameter', message ?? `Invalid Parameter ${name}`),
  unableToEmptyBucket: (message: string) => new StorageError(409, 'InvalidRequest', 'InvalidRequest', message),
  /** What the image renderer answers for an image imgproxy refuses (ERRORS.ImageProcessingError). */
  imageProcessing: (status: number, message: string) =>
    status > 499
      ? new StorageError(status, 'InternalError', 'InternalError', message)
      : new StorageError(status, 'InvalidRequest', 'InvalidRequest', message),
  /** Fastify's not-found handler of Storage's routes (setRestNotFoundHandler). */
  routeNotFound: (method: string, url: string) =>
    new StorageError(404, 'InvalidRequest', 'Not Found', `Route ${method}:${url} not found`, 404),
  missingParameter: (name: string) =>
    new StorageError(400, 'MissingParameter', 'MissingParameter', `Missing Required Parameter ${name}`),
  noContent: () => new StorageError(400, 'InvalidRequest', 'InvalidRequest', 'No content provided'),
  internal: (message = 'Internal server error') => new StorageError(500, 'InternalError', 'InternalError', message),
  databaseError: (code: string) => new StorageError(500, 'DatabaseError', 'DatabaseError', `database error, code: ${code}`),
  databaseTimeout: () =>
    new StorageError(544, 'DatabaseTimeout', 'DatabaseTimeout', 'The connection to the database timed out', 544),
};

/** A database error as Storage reports it (src/storage/database/pg.ts). */
export function fromDbError(e: unknown): StorageError | undefined {
  if (!isPgError(e)) return undefined;
  switch (e.code) {
    case '42501':
      // e.g. a JWT whose role the authenticator may not switch to: 'permission denied to set role "postgres"'.
      return e.message.includes('row-level security') ? errors.rlsDenied() : errors.accessDenied(e.message);
    case '57014':
      return errors.databaseTimeout();
    case '23505':
      return errors.keyAlreadyExists();
    case '23503':
      return errors.noSuchBucket();
    case '22023':
      // A JWT role that does not exist: Storage's default mapping (DatabaseError, 500).
      if (/^role ".*" does not exist$/.test(e.message)) return errors.databaseError(e.code);
      return errors.accessDenied(e.message);
    case '42704':
      return errors.accessDenied(e.message);
    case '22P02':
    case '22007':
    case '22003':
      return errors.invalidRequest(e.message);
    default:
      return undefined;
  }
}

export function sendStorageError(res: ServerResponse, e: unknown): void {
  const err = e instanceof StorageError ? e : fromDbError(e);
  if (!err) {
    console.error('[storage]', e);
    const internal = errors.internal();
    return sendJson(res, 500, internal.render());
  }
  sendJson(res, err.httpStatus ?? (err.statusCode === 500 ? 500 : 400), err.render());
}
