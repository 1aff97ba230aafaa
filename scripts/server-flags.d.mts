/** The Node flags the compiled API runs with (scripts/server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: string[];
