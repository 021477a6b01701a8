// Streams three server-sent events, 300 ms apart.
import { cors } from '../_shared/respond.ts';

Deno.serve(() => {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (let i = 1; i <= 3; i++) {
        controller.enqueue(encoder.encode(`data: ${i}\n\n`));
        await new Promise((r) => setTimeout(r, 300));
      }
      controller.close();
    },
  });
  return new Response(body, { headers: { ...cors, 'Content-Type': 'text/event-stream' } });
});
