// What the TypeScript tools (scripts/bench) use of scripts/lib.mjs.
/** The compiled API that `npm start` runs. */
export declare const API_SERVER: string;
/** The Node flags the compiled API runs with. */
export declare const SERVER_NODE_FLAGS: string[];
/** True when the compiled API is missing or older than its sources. */
export declare function apiBuildIsStale(): boolean;
/** Compiles the API into apps/api/dist/server.js. */
export declare function buildApi(): Promise<void>;
/** The web build's server entry; the server refuses to start without it (or WEB_DIST). */
export declare const WEB_DIST_INDEX: string;
