import { preparePostgres } from '/work/wt/map/scripts/bench/catalogue.ts';
const c = await preparePostgres(100000, console.log);
console.log('URL', c.url);
