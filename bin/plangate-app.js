#!/usr/bin/env node
// The plangate GitHub App: `plangate-app [web|worker|all]` (see docs/app.md and docs/deploy.md).
//
// This file is read as CommonJS from a checkout (bin/package.json says so, for the CLI shim beside
// it) and as an ES module in the Docker image (no bin/package.json there): only syntax that means
// the same in both is used, so a dynamic import() and no top-level await.
import('../lib/app/server/main.js').then(
  ({ main }) =>
    main(process.argv.slice(2)).then((code) => {
      process.exitCode = code;
    }),
  (error) => {
    const missing = error && error.code === 'ERR_MODULE_NOT_FOUND';
    process.stderr.write(
      missing
        ? `plangate-app cannot start: the compiled App is missing (${error.message}). Run \`npm ci\` (or \`npm run build:lib\`) first.\n`
        : `plangate-app cannot start: ${error && error.stack ? error.stack : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
