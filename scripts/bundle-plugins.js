// esbuild plugins that keep code no run reaches out of the bundles (ADR 5).

/**
 * @actions/core imports @actions/http-client (and with it undici, 540 KB) for its OIDC client at
 * module level, although a run that makes no API call never uses it. The package declares no
 * `sideEffects`, so esbuild keeps it; saying it has none lets an unused import drop it. The
 * Octokit path still loads it, behind its dynamic import, when a request is made.
 */
export function sideEffectFree(filter) {
  return {
    name: 'side-effect-free',
    setup(build) {
      build.onResolve({ filter }, async (args) => {
        if (args.pluginData?.sideEffectFree) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { sideEffectFree: true },
        });
        return resolved.errors.length ? { errors: resolved.errors } : { path: resolved.path, sideEffects: false };
      });
    },
  };
}

/**
 * `import { z } from 'zod'` is a namespace, so all 40 of zod's message locales (290 KB, a quarter
 * of a check run's code) come along although plangate never calls `z.locales`; zod registers
 * English itself from locales/en.js. The bundles get a locales index with English only.
 */
export function englishOnlyZodLocales() {
  return {
    name: 'english-only-zod-locales',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
        contents: 'export { default as en } from "./en.js";\n',
        loader: 'js',
      }));
    },
  };
}
