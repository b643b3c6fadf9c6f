/**
 * s3rver (the tests' S3) with the two multipart calls it lacks, answered as Amazon S3 documents them:
 * ListParts (GET /bucket/key?uploadId=ID, https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListParts.html) and
 * AbortMultipartUpload (DELETE /bucket/key?uploadId=ID, .../API_AbortMultipartUpload.html), from the parts s3rver
 * keeps on disk (DIR/BUCKET/._S3rver_uploads/ID/N with N.md5). Every other request is passed to s3rver
 * unchanged (same Host header, so its SigV4 check sees what the client signed). @tus/s3-store needs both calls.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/** Where s3rver keeps the parts of multipart upload `uploadId` in `bucket` (s3rver 3.7 filesystem store). */
function partsDir(root: string, bucket: string, uploadId: string): string {
  return path.join(root, bucket, '._S3rver_uploads', uploadId);
}

function xmlError(res: http.ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/**
 * Starts the front for the s3rver listening on `s3rverPort` with data in `root`.
 * @returns its endpoint URL and a close function.
 */
export async function startS3MultipartFront(
  s3rverPort: number,
  root: string,
): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    const [, bucket, ...keyParts] = url.pathname.split('/');
    const ours = uploadId && !url.searchParams.has('partNumber') && (req.method === 'GET' || req.method === 'DELETE');
    if (!ours) {
      const upstream = http.request(
        { host: '127.0.0.1', port: s3rverPort, method: req.method, path: req.url, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode!, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => xmlError(res, 502, 'InternalError', 's3rver did not answer'));
      req.pipe(upstream);
      return;
    }
    if (!/^AWS4-HMAC-SHA256 Credential=/.test(req.headers.authorization ?? ''))
      return xmlError(res, 403, 'AccessDenied', 'Access Denied');
    const dir = partsDir(root, bucket, uploadId);
    if (!fs.existsSync(dir)) return xmlError(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
    if (req.method === 'DELETE') {
      fs.rmSync(dir, { recursive: true, force: true });
      res.writeHead(204);
      return res.end();
    }
    const parts = fs
      .readdirSync(dir)
      .filter((f) => /^\d+$/.test(f))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const file = path.join(dir, String(n));
        const md5 = fs.readFileSync(`${file}.md5`, 'utf8');
        const stat = fs.statSync(file);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>&quot;${md5}&quot;</ETag><Size>${stat.size}</Size></Part>`;
      });
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket>` +
        `<Key>${decodeURIComponent(keyParts.join('/'))}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker>` +
        `<NextPartNumberMarker>${parts.length}</NextPartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
