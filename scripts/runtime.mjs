// Prints the Node.js that npm's scripts run on (node_modules/.bin/node, the registry's Node.js 24
// package, comes before the system's in their PATH) and fails on any other major: `npm test` starts
// with it, so a run says what it ran on. Decision 028.
const major = Number(process.versions.node.split('.')[0]);
console.log(`Node.js ${process.version} (${process.execPath})`);
if (major !== 24) {
  console.error(`The portal is built and tested on Node.js 24 LTS, not ${process.version}: run npm install first.`);
  process.exit(1);
}
