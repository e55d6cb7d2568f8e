import type { MiddlewareHandler } from 'hono';
import { readConfig } from '../env';
import { ApiError } from './api-error';

/**
 * Development-only routes do not exist unless DEV_TOOLS=on (never in production): they answer
 * 404 before their input is even looked at, so nothing tells that they are there.
 */
export const requireDevTools: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  if (!readConfig(c.env).DEV_TOOLS) throw new ApiError(404, 'NOT_FOUND');
  await next();
};
