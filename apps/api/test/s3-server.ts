import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/modules/storage/s3-storage.ts';

/**
 * A real S3-protocol server (s3rver, from npm) on 127.0.0.1 and a free port, with its files in a temp
 * directory: the s3 storage is tested against the wire protocol, never against a fake.
 */
export async function startS3Server(
  bucket = 'uploads',
): Promise<{ settings: S3Settings; stop(): Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    // s3rver checks signatures against its fixed development keys.
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
