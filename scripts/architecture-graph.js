#!/usr/bin/env node
// `npm run docs:architecture` rewrites the layer picture in docs/architecture.md from
// dependency-cruiser's graph of src/ (folder level); `--check` exits 1 when the picture is stale.
// Edges, not counts: the picture changes when a new kind of dependency appears, not with every import.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const GRAPH_START = '<!-- architecture-graph:start (npm run docs:architecture) -->';
export const GRAPH_END = '<!-- architecture-graph:end -->';

/** The layers of .dependency-cruiser.cjs, top to bottom. */
const LAYERS = [
  { name: 'adapters', folders: ['cli', 'action', 'app', 'ralph'] },
  { name: 'services', folders: ['sources', 'github'] },
  { name: 'pure', folders: ['render', 'core'] },
];

/** `src/core/plans/x.ts` → `core`; `src/version.ts` → `version`. */
function folderOf(source) {
  const parts = source.split('/');
  if (parts[0] !== 'src') return undefined;
  return parts.length > 2 ? parts[1] : parts[1].replace(/\.ts$/, '');
}

export function cruiseSrc() {
  const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  // Exit status is the violation count; the graph is what we want here, lint reports the violations.
  const result = spawnSync(process.execPath, [bin, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!result.stdout) throw new Error(`dependency-cruiser failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** Folder-level edges; an edge made only of type imports is drawn dashed. */
export function folderEdges(cruise) {
  const edges = new Map();
  for (const module of cruise.modules) {
    const from = folderOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (!to || to === from) continue;
      const key = `${from} ${to}`;
      const typeOnly = dependency.dependencyTypes.includes('type-only');
      edges.set(key, (edges.get(key) ?? true) && typeOnly);
    }
  }
  return [...edges]
    .map(([key, typeOnly]) => ({ from: key.split(' ')[0], to: key.split(' ')[1], typeOnly }))
    .sort((a, b) => (a.from + a.to < b.from + b.to ? -1 : 1));
}

export function renderMermaid(edges) {
  const placed = new Set(LAYERS.flatMap((l) => l.folders));
  const others = [...new Set(edges.flatMap((e) => [e.from, e.to]))].filter((f) => !placed.has(f)).sort();
  const lines = ['```mermaid', 'flowchart TB'];
  for (const layer of LAYERS) {
    lines.push(`  subgraph ${layer.name}`, '    direction LR');
    for (const folder of layer.folders) lines.push(`    ${folder}["src/${folder}/"]`);
    lines.push('  end');
  }
  for (const folder of others) lines.push(`  ${folder}["src/${folder}.ts"]`);
  for (const e of edges) lines.push(`  ${e.from} ${e.typeOnly ? '-.->' : '-->'} ${e.to}`);
  lines.push('```');
  return `${lines.join('\n')}\n`;
}

export function replaceGraph(doc, graph) {
  const start = doc.indexOf(GRAPH_START);
  const end = doc.indexOf(GRAPH_END);
  if (start < 0 || end < start) throw new Error('docs/architecture.md has no architecture-graph markers');
  return `${doc.slice(0, start + GRAPH_START.length)}\n${graph}${doc.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = join(root, 'docs/architecture.md');
  const doc = readFileSync(path, 'utf8');
  const next = replaceGraph(doc, renderMermaid(folderEdges(cruiseSrc())));
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      console.error('docs/architecture.md: the layer graph is stale; run `npm run docs:architecture`');
      process.exit(1);
    }
  } else {
    writeFileSync(path, next);
  }
}
