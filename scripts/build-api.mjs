// npm run build -w @ooh/api: compiles the API into apps/api/dist/server.js (what `npm start` runs).
import { buildApi } from './lib.mjs';

await buildApi();
