/**
 * Reads a Server-Sent Events body as it arrives: hand `onData` each text chunk, and `onFrame` is called with every
 * complete frame's event name ('message' when it has none) and parsed data.
 */
export function sseFrames(onFrame: (event: string, data: unknown) => void): (chunk: string) => void {
  let buf = '';
  return (chunk) => {
    buf += chunk;
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      onFrame(event, JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'));
    }
  };
}
