import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestContext,
  bearer,
  createAuthTestApp,
  nextPhone,
  signIn,
} from '../../../test/otp-sign-in.ts';
import { users } from '../../db/schema.ts';

const profile = (phone: string) => ({
  first_name: 'Asha',
  last_name: 'Rao',
  phone_number: phone,
  email: 'asha@example.in',
  company: 'Rao Media Pvt Ltd',
  company_type: 'Private Limited',
  gst: '27AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  address_line_1: '12 MG Road',
  address_line_2: 'Near Metro',
  city: 'Pune',
  state: 'Maharashtra',
  pin: '411001',
});

describe('user calls', () => {
  let ctx: AuthTestContext;
  beforeAll(async () => {
    ctx = await createAuthTestApp();
  });
  afterAll(() => ctx.close());

  const login = (token: string, phone: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login_with_phone/',
      headers: bearer(token),
      payload: { phone_number: phone },
    });
  const getUser = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/user/', headers: bearer(token) });
  const update = (token: string, payload: object) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/update_user_by_phone/',
      headers: bearer(token),
      payload,
    });

  it('runs the whole journey: send, outbox, verify, login_with_phone, user, update', async () => {
    const phone = nextPhone();
    const token = await signIn(ctx.app, phone);

    const loggedIn = await login(token, phone);
    expect(loggedIn.statusCode).toBe(200);
    const user = loggedIn.json().payload;
    expect(user).toEqual({
      id: expect.any(Number),
      phone_number: phone,
      first_name: '',
      last_name: '',
      email: null,
      company: null,
      company_type: null,
      gst: null,
      pan: null,
      address_line_1: null,
      address_line_2: null,
      city: null,
      state: null,
      pin: null,
    });

    const again = await login(token, phone);
    expect(again.json().payload.id).toBe(user.id);

    const fetched = await getUser(token);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual({ data: [user] });

    const updated = await update(token, profile(phone));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ data: { id: user.id, ...profile(phone) } });
    expect((await getUser(token)).json().data[0]).toEqual({ id: user.id, ...profile(phone) });
  });

  it('refuses login_with_phone for a number other than the token’s', async () => {
    const token = await signIn(ctx.app, nextPhone());
    const other = nextPhone();
    const res = await login(token, other);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('phone_mismatch');
    const rows = await ctx.database.db.select().from(users).where(eq(users.phoneNumber, other));
    expect(rows).toHaveLength(0);
  });

  it('trims text, upper-cases GSTIN and PAN, and turns empty optional fields into null', async () => {
    const phone = nextPhone();
    const token = await signIn(ctx.app, phone);
    const res = await update(token, {
      ...profile(phone),
      first_name: '  Asha ',
      gst: '27aapfu0939f1zv',
      pan: ' aapfu0939f ',
      email: '',
      company_type: '   ',
      address_line_2: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      first_name: 'Asha',
      gst: '27AAPFU0939F1ZV',
      pan: 'AAPFU0939F',
      email: null,
      company_type: null,
      address_line_2: null,
    });
  });

  it('leaves optional fields that are left out as they were', async () => {
    const phone = nextPhone();
    const token = await signIn(ctx.app, phone);
    await update(token, profile(phone));
    const { email: _e, gst: _g, pan: _p, company_type: _c, address_line_2: _a, ...required } = profile(phone);
    const res = await update(token, { ...required, city: 'Mumbai' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      city: 'Mumbai',
      email: 'asha@example.in',
      gst: '27AAPFU0939F1ZV',
    });
  });

  const badFields: Array<[string, unknown]> = [
    ['first_name', ''],
    ['first_name', undefined],
    ['last_name', '   '],
    ['company', undefined],
    ['address_line_1', ''],
    ['city', ''],
    ['state', undefined],
    ['pin', '41100'],
    ['pin', '4110011'],
    ['pin', 'ABCDEF'],
    ['pin', undefined],
    ['email', 'not-an-email'],
    ['gst', '27AAPFU0939F1Z'],
    ['gst', 'AAPFU0939F1ZV27'],
    // The right shape with a wrong check character (a typing slip), and a GSTIN of another state.
    ['gst', '27AAPFU0939F1ZA'],
    ['gst', '29AAGCB7383J1Z4'],
    ['state', 'Maharastra'],
    ['state', 'Atlantis'],
    ['pan', 'AAPF0939F'],
    ['pan', '12345ABCDE'],
    ['first_name', 'x'.repeat(101)],
    ['phone_number', '12345'],
  ];

  it.each(badFields)('refuses %s = %j with a 400 naming it and changes nothing', async (field, value) => {
    const phone = nextPhone();
    const token = await signIn(ctx.app, phone);
    await update(token, profile(phone));
    const body: Record<string, unknown> = { ...profile(phone), city: 'Nagpur', [field]: value };
    if (value === undefined) delete body[field];
    const res = await update(token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect((await getUser(token)).json().data[0].city).toBe('Pune');
  });

  it('checks the GSTIN and the billing State when the profile is saved, with clear messages', async () => {
    const phone = nextPhone();
    const token = await signIn(ctx.app, phone);
    const misspelt = await update(token, { ...profile(phone), state: 'Maharastra' });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json().error.fields.state).toBe('Choose a state or union territory of India');
    const checksum = await update(token, { ...profile(phone), gst: '27AAPFU0939F1ZA' });
    expect(checksum.statusCode).toBe(400);
    expect(checksum.json().error.fields.gst).toMatch(/wrong check digit/);
    const otherState = await update(token, { ...profile(phone), state: 'Karnataka' });
    expect(otherState.statusCode).toBe(400);
    expect(otherState.json().error.fields.gst).toMatch(/state code 27.*Karnataka is 29/);
    expect((await getUser(token)).json().data[0].state).toBeNull();

    // A common spelling or abbreviation is saved as the State's GST name.
    const saved = await update(token, { ...profile(phone), state: ' maharashtra ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.state).toBe('Maharashtra');
    expect((await update(token, { ...profile(phone), state: 'MH' })).json().data.state).toBe('Maharashtra');

    // Moving the State away from the GSTIN kept from before is refused too, naming the GSTIN.
    const { gst: _g, ...withoutGst } = profile(phone);
    const moved = await update(token, { ...withoutGst, state: 'Goa' });
    expect(moved.statusCode).toBe(400);
    expect(Object.keys(moved.json().error.fields)).toEqual(['gst']);
    expect((await getUser(token)).json().data[0]).toMatchObject({
      state: 'Maharashtra',
      gst: '27AAPFU0939F1ZV',
    });
    // With the GSTIN cleared, any State is fine.
    const cleared = await update(token, { ...withoutGst, gst: null, state: 'Goa' });
    expect(cleared.json().data).toMatchObject({ state: 'Goa', gst: null });
  });

  it("cannot read or change another user's profile", async () => {
    const alice = nextPhone();
    const bob = nextPhone();
    const aliceToken = await signIn(ctx.app, alice);
    const bobToken = await signIn(ctx.app, bob);
    await update(bobToken, { ...profile(bob), first_name: 'Bob' });

    const res = await update(aliceToken, { ...profile(bob), first_name: 'Mallory' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');

    const bobNow = (await getUser(bobToken)).json().data[0];
    expect(bobNow.first_name).toBe('Bob');
    expect(bobNow.phone_number).toBe(bob);
    const aliceNow = (await getUser(aliceToken)).json().data[0];
    expect(aliceNow.phone_number).toBe(alice);
    expect(aliceNow.first_name).toBe('');
  });

  it('documents the user calls in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const patch = doc.paths['/api/auth/update_user_by_phone/'].patch;
    expect(Object.keys(patch.requestBody.content['application/json'].schema.properties)).toContain('pin');
    expect(doc.paths['/api/auth/otp/send'].post).toBeDefined();
  });

  it('answers 401 before validating a body when the token is missing', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/update_user_by_phone/',
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});
