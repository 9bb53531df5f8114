// The shop's Content-Security-Policy forbids eval: zod must not try it (its probe for `new Function`
// is reported as a violation even though zod catches it). Zod reads its settings from this global,
// shared by every copy of it, when a schema is made; set before zod loads, so the first page need
// not download zod (only later pages make schemas).
declare global {
  var __zod_globalConfig: Record<string, unknown> | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

// A module, so the declaration above adds to the global scope.
export {};
