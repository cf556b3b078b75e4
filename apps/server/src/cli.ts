/** `portal …` (the bin) and `npm run portal -- …`: the operator CLI; see cli/run.ts and README "Operator CLI". */
import './runtime.ts';
import { runCli } from './cli/run.ts';

process.exitCode = await runCli(process.argv.slice(2), process);
