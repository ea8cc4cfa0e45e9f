/**
 * Runs `round` in the background of this process, again and again: first after `firstMs`, then after the delay each
 * round answers. Answers the stop function for shutdown: no round starts after it, and it waits for the round in
 * progress. A round logs and swallows its own errors (the next round runs whatever this one did); the timers do not
 * keep the process alive. Used by the housekeeping run and the webhook dispatcher.
 */
export function repeatInBackground(round: () => Promise<number>, firstMs: number): () => Promise<void> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    running = (async () => schedule(await round()))();
  };
  schedule(firstMs);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
