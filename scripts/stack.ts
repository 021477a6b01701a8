// `npm run stack`: the local Supabase-compatible stack alone (no web app), with the
// addresses of this run (Vault's project_url and key for the database's jobs).
import { PortInUseError, printUrls, startStack, stopOnSignals } from 'supabase-local';
import { localRunEnv } from './local-run-env.ts';

const config = localRunEnv(process.env);
startStack({ config })
  .then((stack) => {
    console.log('Local stack running:');
    printUrls(stack);
    stopOnSignals(stack.stop);
  })
  .catch((e) => {
    console.error(e instanceof PortInUseError ? e.message : e);
    process.exit(1);
  });
