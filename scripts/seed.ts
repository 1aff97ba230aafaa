/** npm run seed [-- --sites N] [--reset]: loads the demo catalogue into the app's database (apps/api/src/db/seed/seed-cli.ts). */
import { runSeedCli } from '../apps/api/src/db/seed/seed-cli.ts';

process.exitCode = await runSeedCli(process.argv.slice(2));
