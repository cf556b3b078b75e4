/**
 * Free-form JSON a client may send (a form's draft, kept as the form wrote it): bounded in depth
 * and size before anything walks it (STYLE rule 16). JSON.stringify, a deep copy or a recursive
 * check overflows the stack on a value nested a few thousand levels deep, which a one-megabyte
 * body can be; the bounds are measured by a walk with a stack of its own, which stops at the
 * first bound passed, so a hostile value costs no more than reading it.
 */
import type { z } from 'zod';

export type JsonBounds = {
  /** Containers inside one another: `{}` is 1, `{"a":[]}` is 2. */
  maxDepth: number;
  /** Characters of its JSON text (JSON.stringify(value).length); unset: the body limit bounds it. */
  maxBytes?: number;
};

/** The bounds of a form's draft: far deeper than any form nests, and 64 KB. */
export const DRAFT_JSON_BOUNDS = { maxDepth: 32, maxBytes: 65_536 } as const satisfies JsonBounds;

/** The bounds of a free-form request body checked again by the server against a stricter schema. */
export const BODY_JSON_BOUNDS = { maxDepth: 32 } as const satisfies JsonBounds;

/** A value still to measure: how deep it sits, and under which key (or index) of the top level. */
type Frame = { value: unknown; depth: number; top: string | undefined };

/** The bound passed; for depth, the top-level key (or index) under which the value is too deep. */
export type JsonBoundExceeded = { bound: 'depth'; key: string | undefined } | { bound: 'size'; key: undefined };

/**
 * Which bound a value passes, if any. The size is the length of its JSON text, counted as
 * JSON.stringify would write it (keys whose value is undefined left out).
 */
export function exceededJsonBound(value: unknown, bounds: JsonBounds): JsonBoundExceeded | null {
  const maxBytes = bounds.maxBytes ?? Infinity;
  const stack: Frame[] = [{ value, depth: 0, top: undefined }];
  let size = 0;
  while (stack.length > 0) {
    const { value: v, depth, top } = stack.pop() as Frame;
    const under = (key: string) => top ?? (depth === 0 ? key : undefined);
    if (v === null || v === undefined || typeof v === 'function' || typeof v === 'symbol') size += 4;
    else if (typeof v === 'boolean') size += v ? 4 : 5;
    else if (typeof v === 'number') size += Number.isFinite(v) ? String(v).length : 4;
    else if (typeof v === 'string') size += JSON.stringify(v).length;
    else if (typeof v === 'bigint') size += String(v).length;
    else {
      if (depth + 1 > bounds.maxDepth) return { bound: 'depth', key: top };
      if (Array.isArray(v)) {
        size += 2 + Math.max(0, v.length - 1);
        v.forEach((item, i) => stack.push({ value: item, depth: depth + 1, top: under(String(i)) }));
      } else {
        const entries = Object.entries(v as Record<string, unknown>).filter(([, item]) => item !== undefined);
        size += 2 + Math.max(0, entries.length - 1);
        for (const [key, item] of entries) {
          size += JSON.stringify(key).length + 1;
          stack.push({ value: item, depth: depth + 1, top: under(key) });
        }
      }
    }
    if (size > maxBytes) return { bound: 'size', key: undefined };
  }
  return null;
}

function kilobytes(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} characters`;
}

/**
 * A schema whose value must also be JSON within the bounds: too deep or too large is a
 * validation error on that field, never a crash. The schema itself should look no deeper than
 * its own shape (a looseObject, z.unknown()), so nothing recursive sees the value unchecked.
 */
export function boundedJson<T extends z.ZodType>(schema: T, bounds: JsonBounds): T {
  return schema.superRefine((value, ctx) => {
    const exceeded = exceededJsonBound(value, bounds);
    if (!exceeded) return;
    // The field named is the one the client sent the excess in (Draft.Notes), never a path as deep as the value.
    const path = exceeded.key === undefined ? [] : [exceeded.key];
    if (exceeded.bound === 'depth')
      ctx.addIssue({ code: 'custom', path, message: `This is nested too deeply (at most ${bounds.maxDepth} levels)` });
    else
      ctx.addIssue({ code: 'custom', path, message: `This is too large (at most ${kilobytes(bounds.maxBytes ?? 0)})` });
  }) as unknown as T;
}
