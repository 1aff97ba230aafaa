/**
 * The Content-Security-Policy allows no eval (decision 015). zod compiles object parsers with `new Function`
 * when it may, and finding out whether it may is itself a refused eval, reported as a CSP violation. zod reads
 * its settings when a schema is built, from this global, which it documents for setting before it loads
 * ("pre-populating it before Zod loads ... takes effect immediately on import"); importing zod's own config()
 * here instead would pull 11 KB of zod into the app shell. main.tsx imports this module first.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
