/**
 * A background worker's loop: its work runs now and then every `intervalMs`, never two runs at once
 * (a run still going when the next is due is that next run), and the timer never keeps the process alive.
 */
export interface PollLoop {
  /** Runs the work now, unless a run is under way, and again every intervalMs from now, until stop. */
  poll(): void;
  /** Runs the work now unless a run is under way; resolves when that run ends (a failure goes to onError). */
  runOnce(): Promise<void>;
  /** Whether a run is under way. */
  readonly running: boolean;
  /** Resolves once no run is under way. */
  idle(): Promise<void>;
  /** No run is started any more; resolves once the one under way ends. */
  stop(): Promise<void>;
}

export function createPollLoop(
  work: () => Promise<unknown>,
  { intervalMs, onError }: { intervalMs: number; onError: (error: unknown) => void },
): PollLoop {
  let current: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  function runOnce(): Promise<void> {
    current ??= work()
      .then(() => undefined, onError)
      .finally(() => {
        current = null;
      });
    return current;
  }

  function poll(): void {
    clearTimeout(timer);
    if (stopped) return;
    void runOnce();
    timer = setTimeout(poll, intervalMs);
    timer.unref();
  }

  return {
    poll,
    runOnce,
    get running() {
      return current !== null;
    },
    async idle() {
      while (current) await current;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
