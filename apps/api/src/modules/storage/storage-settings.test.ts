import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { createFileStorage } from './create-storage.ts';
import { readAll } from './file-storage.ts';
import { LocalFileStorage } from './local-storage.ts';

const DATA_DIR = path.join(os.tmpdir(), 'ooh-storage-settings-test');
const base = { DATA_DIR, JWT_SECRET: 'storage-test-secret-storage-test-secret-01' };
const s3 = {
  STORAGE: 's3',
  S3_BUCKET: 'uploads',
  S3_ACCESS_KEY_ID: 'id',
  S3_SECRET_ACCESS_KEY: 'secret',
};
/** The one line the start stops with, or null when it starts. */
function refusal(env: Record<string, string>): string | null {
  try {
    loadConfig({ ...base, ...env });
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
}

describe('settings: STORAGE and S3_* (docs/product-rules.md section 11)', () => {
  it('is local under DATA_DIR/uploads by default', async () => {
    const config = loadConfig(base);
    expect(config.storage).toEqual({ kind: 'local' });
    const storage = await createFileStorage(config);
    expect(storage).toBeInstanceOf(LocalFileStorage);
    expect((storage as LocalFileStorage).root).toBe(path.join(DATA_DIR, 'uploads'));
  });

  it('s3 takes its bucket, endpoint and keys, region us-east-1 by default', async () => {
    expect(loadConfig({ ...base, ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000' }).storage).toEqual({
      kind: 's3',
      bucket: 'uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(loadConfig({ ...base, ...s3, S3_REGION: 'ap-south-1' }).storage).toMatchObject({
      region: 'ap-south-1',
    });
    expect((await createFileStorage(loadConfig({ ...base, ...s3 }))).kind).toBe('s3');
  });

  it('s3 without its bucket or keys stops the start with one line naming the setting', () => {
    expect(refusal({ ...s3, S3_BUCKET: '' })).toBe(
      'Setting S3_BUCKET is invalid: Too small: expected string to have >=1 characters',
    );
    const { S3_BUCKET: _b, ...noBucket } = s3;
    expect(refusal(noBucket)).toBe('Setting S3_BUCKET is required when STORAGE=s3');
    const { S3_ACCESS_KEY_ID: _i, ...noId } = s3;
    expect(refusal(noId)).toBe('Setting S3_ACCESS_KEY_ID is required when STORAGE=s3');
    const { S3_SECRET_ACCESS_KEY: _s, ...noSecret } = s3;
    expect(refusal(noSecret)).toBe('Setting S3_SECRET_ACCESS_KEY is required when STORAGE=s3');
    expect(refusal({ STORAGE: 'ftp' })).toMatch(/^Setting STORAGE is invalid/);
    expect(refusal({ ...s3, S3_ENDPOINT: 'not a url' })).toMatch(/^Setting S3_ENDPOINT is invalid/);
  });
});

describe('buildApp deps.storage', () => {
  it('is local by default and the s3 store when STORAGE=s3, shared by two apps', async () => {
    const local = await createTestApp();
    try {
      expect(local.app.deps.storage).toBeInstanceOf(LocalFileStorage);
    } finally {
      await local.close();
    }
    const server = await startS3Server();
    const env = {
      STORAGE: 's3',
      S3_BUCKET: server.settings.bucket,
      S3_ENDPOINT: server.settings.endpoint!,
      S3_ACCESS_KEY_ID: server.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: server.settings.secretAccessKey,
    };
    const one = await createTestApp({ env });
    const two = await createTestApp({ env });
    try {
      expect(one.app.deps.storage.kind).toBe('s3');
      await one.app.deps.storage.put('sites/1/a.png', Buffer.from('png bytes'), { contentType: 'image/png' });
      const file = await two.app.deps.storage.get('sites/1/a.png');
      expect(file?.contentType).toBe('image/png');
      expect((await readAll(file!.body)).toString()).toBe('png bytes');
    } finally {
      await one.close();
      await two.close();
      await server.stop();
    }
  });
});
