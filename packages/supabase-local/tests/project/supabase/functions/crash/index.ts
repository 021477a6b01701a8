// Takes the whole runtime down, as a fatal error would.
Deno.serve(() => {
  Deno.exit(1);
});
