import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  assertStorageKey,
  type FileBody,
  type FileStorage,
  readAll,
  type StoredFile,
} from './file-storage.ts';

export interface S3Settings {
  bucket: string;
  /** Unset: AWS itself. Set: any S3-compatible store (MinIO, Ceph, R2, ...). */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Files in one bucket of any S3-compatible store, so that several API processes share them. Path-style
 * addressing (`endpoint/bucket/key`) works with every such store, where virtual-host style needs DNS per
 * bucket. Checksums only when the operation requires them: the newer SDK defaults send trailing CRC
 * checksums that several S3-compatible stores refuse.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;

  private constructor(
    private readonly sdk: Sdk,
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  /**
   * The SDK is loaded here, not at the top: it takes about half a second to import, which every start
   * and every API test would pay with local storage too.
   */
  static async connect(settings: S3Settings): Promise<S3FileStorage> {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return new S3FileStorage(sdk, client, settings.bucket);
  }

  async put(key: string, body: FileBody, options: { contentType: string }): Promise<void> {
    assertStorageKey(key);
    // Uploads are capped (10 MB) before they get here; a buffer gives PutObject its length, which a
    // stream of unknown length would not. A PutObject is all-or-nothing on the store's side.
    const bytes = await readAll(body);
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: options.contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return {
        body: answer.Body,
        contentType: answer.ContentType ?? 'application/octet-stream',
        size: answer.ContentLength,
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    try {
      await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  /** Closes the client's sockets (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}

type Sdk = typeof import('@aws-sdk/client-s3');

function isMissing(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || status === 404;
}
