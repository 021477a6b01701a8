// A wall's heap during a soak (scripts/soak-wall.ts), as a kiosk with no DevTools attached
// holds it. The soak drives the page through the DevTools protocol, which keeps things of its
// own in the page's heap:
//  - with its Network domain on (Playwright's always is), a record of every request the page
//    makes (blink::NetworkResourcesData::ResourceData, about 290 bytes each: a month's
//    heartbeats and uploads are tens of megabytes);
//  - its console's messages, and what they hold alive: the errors of the requests that failed
//    offline, one every few seconds while supabase-js retries its renewal.
// Those are the harness's, not the app's: before a heap is measured the console's entries are
// discarded (Runtime.discardConsoleEntries), and the heap the soak's rule judges is a heap
// snapshot's objects less DevTools' records (the figure with them is reported too).
import type { CDPSession } from 'playwright-core';

/** What DevTools keeps for itself while attached (by the native class's name). */
const DEVTOOLS_RECORDS = /NetworkResourcesData|blink::ConsoleMessage|blink::SourceLocation/;

/** A heap snapshot of the page, after a garbage collection, as DevTools writes it (JSON). */
export async function heapSnapshot(cdp: CDPSession): Promise<string> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => void chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('Runtime.discardConsoleEntries');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  return chunks.join('');
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** The heap's bytes (every object's own size), and those of DevTools' records among them. */
export function heapBytes(json: string): { total: number; devtools: number } {
  const { snapshot, nodes, strings } = JSON.parse(json) as Snapshot;
  const fields = snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const native = snapshot.meta.node_types[0].indexOf('native');
  let total = 0;
  let devtools = 0;
  for (let i = 0; i < nodes.length; i += width) {
    const size = nodes[i + sizeAt]!;
    total += size;
    if (nodes[i + typeAt] === native && DEVTOOLS_RECORDS.test(strings[nodes[i + nameAt]!]!)) devtools += size;
  }
  return { total, devtools };
}
