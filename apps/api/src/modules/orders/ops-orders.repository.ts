import { and, asc, desc, eq, exists, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, mediaOwners, orderItems, orders, payments, products, users } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

/** The operator's order filters in database terms: instants already resolved from India's calendar days. */
export interface OpsOrderFilters {
  status?: (typeof orders.$inferSelect)['status'];
  createdFrom?: Date;
  createdBefore?: Date;
  mediaOwnerId?: number;
  buyerId?: number;
  buyerText?: string;
  search?: string;
}
export type OpsOrderSortColumn = 'created_at' | 'total' | 'status';

const like = (column: SQL | typeof users.phoneNumber, text: string) =>
  sql`${column} ilike ${containsPattern(text)} escape '\\'`;
const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

function buyerMatches(text: string): SQL {
  const digits = text.replace(/\D/g, '');
  const conditions: SQL[] = [like(fullName, text), like(sql`coalesce(${users.company}, '')`, text)];
  // "+91 98765 43210" and "98765-43210" both find the number.
  if (digits.length >= 3) conditions.push(like(users.phoneNumber, digits.slice(-10)));
  return or(...conditions) as SQL;
}

function lineWhere(orderCondition: SQL): ReturnType<typeof exists> {
  return exists(
    sql`(select 1 from ${orderItems} inner join ${products} on ${products.id} = ${orderItems.productId} where ${orderItems.orderId} = ${orders.id} and ${orderCondition})`,
  );
}

function whereOf(f: OpsOrderFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.status) conditions.push(eq(orders.status, f.status));
  if (f.createdFrom) conditions.push(gte(orders.createdAt, f.createdFrom));
  if (f.createdBefore) conditions.push(lt(orders.createdAt, f.createdBefore));
  if (f.mediaOwnerId !== undefined) {
    conditions.push(lineWhere(sql`${products.mediaOwnerId} = ${f.mediaOwnerId}`));
  }
  if (f.buyerId !== undefined) conditions.push(eq(orders.userId, f.buyerId));
  if (f.buyerText) conditions.push(buyerMatches(f.buyerText));
  if (f.search) {
    const anyOf: SQL[] = [buyerMatches(f.search), lineWhere(like(sql`${products.productCode}`, f.search))];
    // "#1042" or "1042": the order number itself.
    const number = /^#?\s*(\d{1,9})$/.exec(f.search);
    if (number) anyOf.push(eq(orders.id, Number(number[1])));
    conditions.push(or(...anyOf) as SQL);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function countOpsOrders(db: Db, filters: OpsOrderFilters): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(whereOf(filters));
  return Number(row.n);
}

const SORT_COLUMNS = { created_at: orders.createdAt, total: orders.amountPaise, status: orders.status };

export async function listOpsOrders(
  db: Db,
  filters: OpsOrderFilters,
  sort: { column: OpsOrderSortColumn; direction: 'asc' | 'desc' },
  limit: number,
  offset: number,
) {
  const by = sort.direction === 'asc' ? asc : desc;
  return (
    db
      .select({
        id: orders.id,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        amountPaise: orders.amountPaise,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        company: users.company,
        phone: users.phoneNumber,
        lines: sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(whereOf(filters))
      // The id keeps pages stable when the sort column ties (many orders share a status).
      .orderBy(by(SORT_COLUMNS[sort.column]), by(orders.id))
      .limit(limit)
      .offset(offset)
  );
}

export async function findOpsOrder(db: Db, id: number) {
  const [row] = await db
    .select({ order: orders, buyer: users })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  return row ?? null;
}

export async function findOpsOrderLines(db: Db, orderId: number) {
  return db
    .select({
      id: orderItems.id,
      productId: products.id,
      code: products.productCode,
      name: products.name,
      city: products.city,
      ownerId: mediaOwners.id,
      ownerName: mediaOwners.companyName,
      campaignName: orderItems.campaignName,
      fromDate: orderItems.fromDate,
      toDate: orderItems.toDate,
      days: orderItems.days,
      pricePaise: orderItems.pricePaise,
      status: orderItems.status,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(mediaOwners, eq(mediaOwners.id, products.mediaOwnerId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

export async function findBookingStatuses(db: Db, itemIds: number[]) {
  if (!itemIds.length) return [];
  return db
    .select({ itemId: bookings.orderItemId, status: bookings.status })
    .from(bookings)
    .where(inArray(bookings.orderItemId, itemIds))
    .orderBy(asc(bookings.id));
}

export async function findPayments(db: Db, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}
