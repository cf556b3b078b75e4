/**
 * The Node.js majors the portal runs on (package.json `engines`; decision 028). Imported first by
 * every entry point, so that an unsupported runtime stops with one clear line before anything else
 * loads, rather than failing later on a missing built-in.
 */
export const SUPPORTED_NODE_MAJORS: readonly number[] = [24];

/** The message for a runtime the portal does not support, or null when it is supported. */
export function unsupportedRuntime(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (SUPPORTED_NODE_MAJORS.includes(major)) return null;
  return (
    `The portal runs on Node.js ${SUPPORTED_NODE_MAJORS.join(' or ')} (LTS); this is Node.js ${version}. ` +
    'Start it through npm (npm start), which uses the Node.js 24 that npm install put in node_modules, ' +
    'or install Node.js 24.'
  );
}

const refused = unsupportedRuntime();
if (refused) {
  console.error(refused);
  process.exit(1);
}
