import { DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { countProducts, findProductPage } from '../modules/products/products.repository.ts';
import { Binds, preparedRead } from './prepared-reads.ts';
import { categories, products } from './schema.ts';

/**
 * Prepared reads (docs/decisions/052-prepared-reads.md, 067): one statement per shape of a read, filled with
 * each request's own values. What a buyer depends on: the second request of a shape answers its own
 * filters, never the first one's.
 */
describe('prepared reads', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    await insertProduct(db, { state: 'Goa', district: 'North Goa', pricePaise: 100_000 });
    await insertProduct(db, { state: 'Goa', district: 'South Goa', pricePaise: 300_000 });
    await insertProduct(db, { state: 'Kerala', district: 'Ernakulam', pricePaise: 200_000 });
  });
  afterAll(() => ctx.close());

  it('answers each request of one shape with its own values', async () => {
    const db = ctx.database.db;
    const states = async (state: string) =>
      (await findProductPage(db, { states: [state] }, 10, 0)).map((r) => r.state);
    expect(await states('Goa')).toEqual(['Goa', 'Goa']);
    expect(await states('Kerala')).toEqual(['Kerala']);
    expect(await states('Punjab')).toEqual([]);
    expect(await countProducts(db, { pricePaise: [150_000, 400_000] })).toBe(2);
    expect(await countProducts(db, { pricePaise: [0, 150_000] })).toBe(1);
    // Paging values are placeholders too.
    const second = await findProductPage(db, { states: ['Goa'] }, 1, 1);
    expect(second.map((r) => r.district)).toEqual(['South Goa']);
  });

  it('keeps one prepared read per shape and database', async () => {
    const db = ctx.database.db;
    const build = (b: Binds) => () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(sql`${products.state} = ${b.bind('state', 'x')}`);
    const a = new Binds();
    const first = preparedRead(db, 'test-count', a, build(a));
    const b = new Binds();
    expect(preparedRead(db, 'test-count', b, build(b))).toBe(first);
    // Another shape of the same family is another statement.
    const c = new Binds();
    c.bind('other', 1);
    expect(preparedRead(db, 'test-count', c, build(c))).not.toBe(first);
  });

  it('maps rows as drizzle does: columns of every kind, joined names and mapped expressions', async () => {
    const db = ctx.database.db;
    const query = (bind: (name: string, value: number) => unknown) =>
      db
        .select({
          id: products.id,
          name: products.name,
          images: products.images,
          latitude: products.latitude,
          updatedAt: products.updatedAt,
          category: categories.name,
          half: sql<number>`${products.pricePaise} / 2.0`.mapWith(Number),
          missing: sql<string | null>`null`,
        })
        .from(products)
        .innerJoin(categories, eq(products.categoryId, categories.id))
        .where(sql`${products.pricePaise} >= ${bind('min', 0)}`)
        .orderBy(products.id);
    const b = new Binds();
    const read = preparedRead(db, 'test-mapping', b, () => query(b.bind));
    const prepared = await read.execute(b.values);
    const plain = await query((_name, value) => value);
    expect(prepared).toHaveLength(3);
    expect(prepared).toEqual(plain);
    expect(typeof prepared[0].half).toBe('number');
  });

  it('answers JSON values as stored: a text duration stays text, a numeric string is not made a number', async () => {
    const db = ctx.database.db;
    const a = await insertProduct(db, { state: 'Assam', bookingDuration: '30 days' });
    const b = await insertProduct(db, { state: 'Assam', bookingDuration: '14' });
    const c = await insertProduct(db, { state: 'Assam', bookingDuration: 14 });
    const rows = await findProductPage(db, { states: ['Assam'] }, 10, 0);
    expect(rows.map((r) => [r.id, r.bookingDuration])).toEqual([
      [a.id, '30 days'],
      [b.id, '14'],
      [c.id, 14],
    ]);
  });

  it('fails as drizzle does: the database error as the cause, a missing value named', async () => {
    const db = ctx.database.db;
    const b = new Binds();
    const read = preparedRead(db, 'test-failing', b, () =>
      db
        .select({ id: products.id })
        .from(products)
        .where(sql`${products.id} = ${b.bind('id', 'x')}::int`),
    );
    const failure = await read.execute({ id: 'not a number' }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    // invalid_text_representation: what the error handler and the transaction helper read.
    expect((failure as DrizzleQueryError).cause).toMatchObject({ code: '22P02' });
    await expect(read.execute({})).rejects.toThrow('No value for placeholder "id" was provided');
    expect(await read.execute({ id: '0' })).toEqual([]);
  });

  it('refuses a read with a value that is not a placeholder, which would be kept for every request', () => {
    const db = ctx.database.db;
    const b = new Binds();
    expect(() =>
      preparedRead(db, 'test-fixed', b, () =>
        db.select({ id: products.id }).from(products).where(sql`${products.state} = ${'Goa'}`),
      ),
    ).toThrow('test-fixed: parameter $1 is not a placeholder');
  });

  it('refuses one name bound to two values', () => {
    const b = new Binds();
    b.bind('state', 'Goa');
    expect(() => b.bind('state', 'Kerala')).toThrow('placeholder state bound to two values');
    // The same value again is the same placeholder (a centre used in a distance and a box).
    expect(() => b.bind('state', 'Goa')).not.toThrow();
    expect(b.values).toEqual({ state: 'Goa' });
  });
});
