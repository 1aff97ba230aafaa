// How Node runs the compiled API: `npm start` (scripts/start.mjs) and `npm run bench`'s server
// (scripts/bench/server.ts) take this one list, so the bench measures the process users run.
export const SERVER_NODE_FLAGS = ['--enable-source-maps'];
