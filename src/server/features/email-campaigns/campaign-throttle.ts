import { setTimeout as sleep } from "node:timers/promises";

/**
 * A token bucket shared by every campaign sender in the process: EMAIL_RATE_PER_SECOND is what
 * the provider allows this process, however many campaigns are sending. The bucket holds a tenth
 * of a second's worth, so a burst after an idle spell stays small.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private readonly capacity: number;

  constructor(private readonly ratePerSecond: number) {
    this.capacity = Math.max(1, ratePerSecond / 10);
    this.tokens = this.capacity;
    this.last = performance.now();
  }

  /** Waits until one message may go. */
  async take(): Promise<void> {
    for (;;) {
      const now = performance.now();
      this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.ratePerSecond);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await sleep(Math.ceil(((1 - this.tokens) / this.ratePerSecond) * 1000));
    }
  }
}
