/**
 * Keys for the Idempotency-Key header of creating calls (docs/product-rules.md section 3a): one key per user action,
 * reused when the same action is retried, so a lost answer or a second click never creates twice.
 */
export function newIdempotencyKey(): string {
  // randomUUID needs a secure context; getRandomValues works on any origin.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The key of an action described by `content` (e.g. the draft or the cart as JSON): the same content gets
 * the same key until `done()`, different content a new one.
 */
export function createActionKeys() {
  let last: { content: string; key: string } | null = null;
  return {
    keyFor(content: string): string {
      if (last?.content !== content) last = { content, key: newIdempotencyKey() };
      return last.key;
    },
    done(): void {
      last = null;
    },
  };
}
