import http from 'node:http';

/** An OTLP/HTTP receiver on 127.0.0.1 that reads each export whole and drops it, so tracing costs the server what a collector would. */
export interface OtlpSink {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  /** Exports received so far: none would mean the figure measured no tracing. */
  exports(): number;
  close(): Promise<void>;
}

export async function startOtlpSink(): Promise<OtlpSink> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(200, { 'content-type': req.headers['content-type'] ?? 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    exports: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
