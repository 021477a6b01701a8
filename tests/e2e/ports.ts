/**
 * Ports of the end-to-end run: the test stack on E2E_BASE_PORT (default 57620, clear of the
 * stack suites' ports, 54420 and up and 1000 or 2000 above when one is taken, which `npm
 * test` runs at the same time), using base..base+4 and base+11 for PostgreSQL; the app on
 * base+80, and on base+81 the run's control (see global-setup.ts: stopping and restarting
 * the stack and app).
 */
export function e2ePorts(): { basePort: number; appPort: number; controlPort: number } {
  const basePort = Number(process.env.E2E_BASE_PORT ?? 57620);
  const appPort = Number(process.env.E2E_APP_PORT ?? basePort + 80);
  return { basePort, appPort, controlPort: appPort + 1 };
}
