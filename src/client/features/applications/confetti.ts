/** Spec section 9: confetti runs 3000 ms in 250 ms steps, starting at 50 particles per burst. */
export const CONFETTI_DURATION_MS = 3000;
export const CONFETTI_INTERVAL_MS = 250;
export const CONFETTI_START_PARTICLES = 50;

// The retreat palette (teal, terracotta, gold, sage, sand) rather than the library's rainbow.
const colors = ["#0f5c4d", "#9a4a22", "#d4a853", "#8fb9a8", "#f6efe1"];

/** Particles per burst: 50 at the start, shrinking linearly as the 3 s run out. */
export function confettiBursts(): number[] {
  const bursts: number[] = [];
  for (let elapsed = 0; elapsed < CONFETTI_DURATION_MS; elapsed += CONFETTI_INTERVAL_MS) {
    bursts.push(Math.round(CONFETTI_START_PARTICLES * (1 - elapsed / CONFETTI_DURATION_MS)));
  }
  return bursts;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

type ConfettiFn = (options: import("canvas-confetti").Options) => unknown;

/**
 * The library's default instance draws in a Web Worker built from a `blob:` URL, which our
 * Content Security Policy refuses (worker-src falls back to script-src 'self'), so nothing was
 * ever drawn. A main-thread instance on the library's own full-screen canvas needs no CSP
 * exception: a few seconds of particles are no work worth a worker.
 */
export const confettiInstanceOptions = { useWorker: false, resize: true, disableForReducedMotion: true } as const;

const loadConfetti = async (): Promise<ConfettiFn> =>
  (await import("canvas-confetti")).default.create(undefined, confettiInstanceOptions);

/**
 * Celebrates a submitted application. The library is downloaded only now, and not at all when
 * the visitor asked for reduced motion. Returns a function that stops the bursts early.
 */
export function launchConfetti(load: () => Promise<ConfettiFn> = loadConfetti): () => void {
  if (prefersReducedMotion()) return () => {};
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    stopped = true;
    if (timer !== undefined) clearInterval(timer);
  };

  load()
    .then((confetti) => {
      if (stopped) return;
      const bursts = confettiBursts();
      let step = 0;
      const fire = () => {
        const particleCount = bursts[step++];
        if (particleCount === undefined) {
          stop();
          return;
        }
        // Two bursts from either side of the screen, as on a stage.
        for (const x of [0.1 + Math.random() * 0.2, 0.7 + Math.random() * 0.2]) {
          confetti({
            particleCount,
            startVelocity: 30,
            spread: 360,
            ticks: 60,
            zIndex: 60,
            colors,
            origin: { x, y: Math.random() - 0.2 },
            disableForReducedMotion: true,
          });
        }
      };
      fire();
      timer = setInterval(fire, CONFETTI_INTERVAL_MS);
    })
    // Decoration only: a failed download must not disturb the success flow.
    .catch(() => {});

  return stop;
}
