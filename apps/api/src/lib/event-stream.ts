import type { ServerResponse } from 'node:http';

/**
 * Writes one Server-Sent Events frame to a stream and sends it now. A write to a chunked answer corks the socket
 * until the next process tick (node:http), and on the embedded database a chain of promises that never waits for I/O
 * (a tick, the next periods, a settlement) can hold that tick off: a draw's result then left hundreds of
 * milliseconds after it was written, together with the frames that followed it. Uncorking here sends it at once;
 * node's own uncork at the tick then finds nothing to do.
 */
export function sendFrame(res: ServerResponse, frame: Buffer): void {
  res.write(frame);
  res.socket?.uncork();
}
