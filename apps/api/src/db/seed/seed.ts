import type { Db } from '../client.ts';

/** Placeholder until the demo catalogue lands: the seed module replaces this file. */
export async function seedIfEmpty(_db: Db): Promise<void> {}
