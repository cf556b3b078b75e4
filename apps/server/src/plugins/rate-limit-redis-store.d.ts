/** @fastify/rate-limit's own Redis store (plugins/rate-limit-store.ts wraps it), which the package ships untyped. */
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';

  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  export default class RedisStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    child(routeOptions: object): RedisStore;
  }
}
