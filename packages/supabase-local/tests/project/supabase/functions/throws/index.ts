// A handler that throws.
Deno.serve(() => {
  throw new Error('the fixture failed on purpose');
});
