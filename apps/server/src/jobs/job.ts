/** Background work a process runs: started once by buildApp after every route (jobs/start.ts), stopped when the app closes. */
export type Job = { start: () => void; stop: () => Promise<void> };

/** Runs `work` every `ms` once started, without keeping the process alive for it. */
export function every(ms: number, work: () => void): Job {
  let timer: NodeJS.Timeout | undefined;
  return {
    start: () => {
      timer ??= setInterval(work, ms);
      timer.unref();
    },
    stop: async () => clearInterval(timer),
  };
}
