import { env } from 'cloudflare:workers';

// Injected failures (decision 029): the real D1 and R2 bindings, wrapped so their first calls throw the
// errors Cloudflare documents as transient and worth retrying — D1's "Network connection lost" and
// object resets (developers.cloudflare.com/d1/best-practices/retry-queries), R2's InternalError
// 10001 and ServiceUnavailable 10043 (developers.cloudflare.com/r2/api/error-codes). Everything
// after the failures reaches the real binding, so what the code under test wrote before a failure
// stays written, as it would in production.

export const D1_RETRYABLE_ERRORS = [
  'D1_ERROR: Network connection lost.',
  'D1_ERROR: Internal error while starting up D1 DB storage caused object to be reset.',
  'D1_ERROR: D1 DB reset because its code was updated.',
];

export const R2_RETRYABLE_ERRORS = ['We encountered an internal error. Please try again. (10001)', 'Service Unavailable. (10043)'];

export interface FaultPlan {
  /** How many D1 statements (a batch counts as one) fail before D1 answers again. */
  d1?: number;
  /** Only statements whose SQL matches fail (and count); default all. */
  d1When?: RegExp;
  /** How many R2 operations fail before R2 answers again. */
  r2?: number;
  /** Only these R2 operations fail (and count); default all. */
  r2When?: ReadonlyArray<'get' | 'head' | 'put' | 'delete' | 'list' | 'createMultipartUpload'>;
}

export interface Faults {
  /** The test environment with the faulty bindings; everything else is the real one. */
  env: Env;
  /** Failures thrown so far. */
  thrown: { d1: number; r2: number };
  /** Failures still to come. */
  left: { d1: number; r2: number };
  /** The SQL of every D1 statement run through `env` (a batch's joined), in order: what a call reads. */
  ran: string[];
}

const STATEMENT_RUNS = new Set(['first', 'run', 'all', 'raw']);

export function withFaults(plan: FaultPlan, base: Env = env): Faults {
  const faults: Faults = { env: base, thrown: { d1: 0, r2: 0 }, left: { d1: plan.d1 ?? 0, r2: plan.r2 ?? 0 }, ran: [] };

  const failD1 = (sql: string): void => {
    faults.ran.push(sql);
    if (faults.left.d1 <= 0 || (plan.d1When && !plan.d1When.test(sql))) return;
    faults.left.d1 -= 1;
    faults.thrown.d1 += 1;
    throw new Error(D1_RETRYABLE_ERRORS[faults.thrown.d1 % D1_RETRYABLE_ERRORS.length]);
  };

  // Statements handed back to the real batch must be the real ones; their SQL decides d1When.
  const realStatement = new WeakMap<object, D1PreparedStatement>();
  const sqlOf = new WeakMap<object, string>();
  const statement = (real: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapped = new Proxy(real, {
      get(target, prop) {
        if (prop === 'bind') return (...values: unknown[]) => statement(target.bind(...values), sql);
        const value = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (STATEMENT_RUNS.has(String(prop))) {
          return (...args: unknown[]) => {
            failD1(sql);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
    realStatement.set(wrapped, real);
    sqlOf.set(wrapped, sql);
    return wrapped;
  };

  const db = new Proxy(base.DB, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => statement(target.prepare(sql), sql);
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          failD1(statements.map((s) => sqlOf.get(s) ?? '').join(';\n'));
          return target.batch(statements.map((s) => realStatement.get(s) ?? s));
        };
      }
      if (prop === 'exec') {
        return (sql: string) => {
          failD1(sql);
          return target.exec(sql);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });

  const documents = new Proxy(base.DOCUMENTS, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const operation = String(prop) as NonNullable<FaultPlan['r2When']>[number];
        if (faults.left.r2 > 0 && (!plan.r2When || plan.r2When.includes(operation))) {
          faults.left.r2 -= 1;
          faults.thrown.r2 += 1;
          return Promise.reject(new Error(`${operation}: ${R2_RETRYABLE_ERRORS[faults.thrown.r2 % R2_RETRYABLE_ERRORS.length]}`));
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });

  faults.env = { ...base, DB: db, DOCUMENTS: documents } as Env;
  return faults;
}
