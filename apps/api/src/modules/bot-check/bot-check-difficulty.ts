/**
 * How hard the proof of work is. The solver walks counters 0..counter, one PBKDF2 of `cost` iterations
 * each, so the work is about cost x (minCounter + maxCounter) / 2 iterations. The default (~750k
 * iterations) took about 0.35 s in Node on an idle core of this machine; a browser solving with WebCrypto
 * in workers lands around a second on modest hardware. Tests pass a tiny one.
 */
export interface BotCheckDifficulty {
  cost: number;
  minCounter: number;
  maxCounter: number;
}
