/**
 * Ports of the end-to-end run: the test stack on E2E_BASE_PORT (default 54620,
 * using base..base+4, and base+11 for PostgreSQL), the app on base+80, and on base+81
 * the run's control (see global-setup.ts: stopping and restarting the stack and app).
 */
export function e2ePorts(): { basePort: number; appPort: number; controlPort: number } {
  const basePort = Number(process.env.E2E_BASE_PORT ?? 54620);
  const appPort = Number(process.env.E2E_APP_PORT ?? basePort + 80);
  return { basePort, appPort, controlPort: appPort + 1 };
}
