/** The machine and the code a run measured: CPU, cores, RAM, Node, load, date, git commit. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';

export type Machine = {
  cpu: string;
  cores: number;
  ramGiB: number;
  node: string;
  platform: string;
  /** 1-minute load average when the run started: other work on the machine makes figures noisy. */
  loadAverage: number;
};

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    ramGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

/**
 * The checked-out commit, read from .git directly (HEAD → ref → loose or packed ref), so a run
 * needs no git binary. 'unknown' outside a checkout.
 */
export function gitCommit(root = REPO_ROOT): string {
  try {
    const gitDir = path.join(root, '.git');
    const head = fs.readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    const ref = /^ref: (.+)$/.exec(head)?.[1];
    if (!ref) return head;
    const loose = path.join(gitDir, ref);
    if (fs.existsSync(loose)) return fs.readFileSync(loose, 'utf8').trim();
    const packed = fs.readFileSync(path.join(gitDir, 'packed-refs'), 'utf8');
    return (
      packed
        .split('\n')
        .find((l) => l.endsWith(` ${ref}`))
        ?.split(' ')[0] ?? 'unknown'
    );
  } catch {
    return 'unknown';
  }
}
