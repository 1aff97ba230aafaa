import type { Product } from '@ooh/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertCategories, insertProduct } from '../../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

/** Search as docs/product-rules.md section 16 says: every word in any field, old and new city names, one typo. */
describe('GET /api/product/?search=', () => {
  let ctx: TestContext;
  let site: Record<string, number>;
  const ids = async (search: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/product/?page_size=100&search=${encodeURIComponent(search)}`,
      headers: { 'cache-control': 'no-cache', 'x-dev-key': ctx.config.devKey! },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().payload.results as Product[]).map((p) => p.id);
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const cat = await insertCategories(db);
    const at = async (name: string, extra = {}) => (await insertProduct(db, { name, ...extra })).id;
    site = {
      // First, so the lowest id: id order alone would put it before every Mumbai and Bengaluru site.
      highway: await at('Mumbai-Bengaluru Highway Hoarding', {
        address: 'Baner',
        city: 'Pune',
        district: 'Pune',
        categoryId: cat.Hoarding,
      }),
      andheriHoarding: await at('Western Express Highway Gantry', {
        address: 'Andheri East, near the metro',
        categoryId: cat.Hoarding,
      }),
      andheriLamp: await at('Andheri Station Road Lamp Post', { address: 'Station Road' }),
      bandraHoarding: await at('Linking Road Billboard', {
        address: 'Bandra West',
        categoryId: cat.Hoarding,
      }),
      bengaluru: await at('MG Road Screen', {
        address: 'MG Road',
        city: 'Bengaluru',
        district: 'Bengaluru Urban',
        state: 'Karnataka',
      }),
      gurugram: await at('Cyber Hub Hoarding', {
        address: 'DLF Cyber City',
        city: 'Gurugram',
        district: 'Gurugram',
        state: 'Haryana',
        categoryId: cat.Hoarding,
      }),
      chennai: await at('Anna Salai Bus Shelter', {
        address: 'Anna Salai',
        city: 'Chennai',
        district: 'Chennai',
        state: 'Tamil Nadu',
        categoryId: cat.Transit,
      }),
      kerala: await at('Beach Road Panel', {
        address: 'Kovalam',
        city: 'Thiruvananthapuram',
        district: 'Thiruvananthapuram',
        state: 'Kerala',
      }),
      pune: await at('FC Road Panel', { city: 'Pune', district: 'Pune', address: 'FC Road' }),
    };
  });
  afterAll(() => ctx.close());

  it('needs every word, each in any of name, address, city, district, state, site code or format', async () => {
    expect(await ids('hoarding andheri')).toEqual([site.andheriHoarding]);
    expect(await ids('Andheri')).toEqual([site.andheriHoarding, site.andheriLamp]);
    expect(await ids('hoarding haryana')).toEqual([site.gurugram]);
    expect(await ids('transit chennai')).toEqual([site.chennai]);
    expect(await ids('hoarding kerala')).toEqual([]);
  });

  it('finds a city by its old or its new name', async () => {
    expect(await ids('Bangalore')).toEqual([site.bengaluru, site.highway]);
    expect(await ids('bengaluru')).toEqual([site.bengaluru, site.highway]);
    expect(await ids('Gurgaon')).toEqual([site.gurugram]);
    expect(await ids('Madras')).toEqual([site.chennai]);
    expect(await ids('Trivandrum')).toEqual([site.kerala]);
    expect(await ids('Poona')).toEqual([site.highway, site.pune]);
    expect(await ids('Bombay')).toEqual(await ids('Mumbai'));
  });

  it('tolerates one typo in words of five letters or more, never in shorter ones', async () => {
    // Two typos are too many.
    expect(await ids('Andhxryi')).toEqual([]);
    expect(await ids('Andhery')).toEqual([site.andheriHoarding, site.andheriLamp]);
    expect(await ids('hording andheri')).toEqual([site.andheriHoarding]);
    expect(await ids('Chenai')).toEqual([site.chennai]);
    // One typo from an old name still finds the city by its new one.
    expect(await ids('Bangalor')).toEqual([site.bengaluru, site.highway]);
    // Four letters: "Pume" is not Pune.
    expect(await ids('Pume')).toEqual([]);
  });

  it('ranks the sites of a city the search names before sites that only mention it', async () => {
    const mumbai = [site.andheriHoarding, site.andheriLamp, site.bandraHoarding];
    expect(await ids('Mumbai')).toEqual([...mumbai, site.highway]);
    expect(await ids('Bombay')).toEqual([...mumbai, site.highway]);
    expect(await ids('Bengaluru')).toEqual([site.bengaluru, site.highway]);
    // The city's rank holds with other words too, and a word naming no city keeps id order.
    expect(await ids('hoarding mumbai')).toEqual([site.andheriHoarding, site.bandraHoarding, site.highway]);
    expect(await ids('highway')).toEqual([site.highway, site.andheriHoarding]);
  });

  it('finds a city typed with two neighbouring letters swapped, its own sites first', async () => {
    const mumbai = [site.andheriHoarding, site.andheriLamp, site.bandraHoarding];
    for (const typed of ['mumabi', 'mumbia', 'mubmai', 'Mubmai']) {
      expect(await ids(typed), typed).toEqual([...mumbai, site.highway]);
    }
    expect(await ids('Chenani')).toEqual([site.chennai]);
    expect(await ids('Bengalurü')).toEqual([site.bengaluru, site.highway]);
    // Letters swapped across a gap are two typos: nothing.
    expect(await ids('mimbau')).toEqual([]);
  });

  it('ranks the sites matching as typed before those found through a typo', async () => {
    // "panel" is in two names, "panes" in a newer one: each finds the other one typo away, after its own.
    const generation = ctx.app.catalogueCache.productsGeneration;
    const panes = await insertProduct(ctx.database.db, { name: 'Glass Panes Display', city: 'Pune' });
    // The search vocabulary is kept per products generation, which a change moves when its NOTIFY arrives
    // (asynchronous on PostgreSQL): a search sent before then is answered from the catalogue as it was.
    await vi.waitFor(() => expect(ctx.app.catalogueCache.productsGeneration).not.toBe(generation), {
      timeout: 5000,
    });
    expect(await ids('panel')).toEqual([site.kerala, site.pune, panes.id]);
    expect(await ids('panes')).toEqual([panes.id, site.kerala, site.pune]);
  });
});
