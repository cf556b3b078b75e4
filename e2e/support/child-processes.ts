/**
 * The scale-out test's child processes (scale-out.ts): whatever is still running when the test
 * process exits is stopped with it; each child's last output lines are kept for a failure's report.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

const OUTPUT_LINES_KEPT = 200;

const running = new Map<ChildProcess, NodeJS.Signals>();
process.once('exit', () => {
  for (const [child, signal] of running) {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
});

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };

export function track(child: ChildProcess, emergencySignal: NodeJS.Signals): Promise<Exit> {
  running.set(child, emergencySignal);
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, at: Date.now() });
    });
  });
}

export function keepLines(child: ChildProcess, name: string): () => string {
  const lines: string[] = [];
  const keeper = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const parts = (partial + chunk.toString('utf8')).split('\n');
      // A chunk may end inside a line: keep its start for the next chunk.
      partial = parts.pop() ?? '';
      for (const line of parts) {
        if (!line) continue;
        lines.push(`[${name}] ${line}`);
        if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
      }
    };
  };
  child.stdout?.on('data', keeper());
  child.stderr?.on('data', keeper());
  return () => lines.join('\n');
}

export async function within(exit: Promise<Exit>, ms: number): Promise<Exit | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([exit, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The PIDs of a process's own children (nginx's workers), for a last-resort kill. */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
