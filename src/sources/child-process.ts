// child_process behind a dynamic import of this module: the CLI bundle evaluates it (and Node
// loads child_process) at the first git process, not at start-up. A dynamic import of
// `node:child_process` itself stays an import() in the CommonJS bundle, which vm.Script cannot run.
export { execFile, spawn } from 'node:child_process';
