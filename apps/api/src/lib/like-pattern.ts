/** `%text%` for ILIKE with %, _ and \ taken literally (used with ESCAPE '\'): every text search's one pattern. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
