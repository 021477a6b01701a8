// Blocks the runtime's event loop for good.
Deno.serve(() => {
  for (;;) {
    // busy
  }
});
