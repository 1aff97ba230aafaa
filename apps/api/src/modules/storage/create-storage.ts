import path from 'node:path';
import type { Config } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';

/** The store named by STORAGE (docs/decisions/018-file-storage.md). */
export async function createFileStorage(config: Config): Promise<FileStorage> {
  if (config.storage.kind === 's3') return S3FileStorage.connect(config.storage);
  return new LocalFileStorage(path.join(config.dataDir, 'uploads'));
}
