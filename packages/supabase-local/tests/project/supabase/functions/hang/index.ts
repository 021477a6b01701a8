// Never answers.
Deno.serve(() => new Promise<Response>(() => undefined));
