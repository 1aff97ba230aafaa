import { describe, expect, it } from 'vitest';
import { centreFor, distanceKm, findPlace, formatKm, pinCentre, pinCentresNear } from './gazetteer';

describe('the offline gazetteer', () => {
  it('finds a PIN code in an address, else a large city by its name or an old one', async () => {
    const andheri = await findPlace('Western Express Highway, Andheri East, Mumbai 400 069');
    expect(andheri?.label).toBe('PIN 400069');
    expect(distanceKm(andheri!, { lat: 19.1136, lng: 72.8697 })).toBeLessThan(5);
    expect((await findPlace('MG Road, Bangalore'))?.label).toBe('Bengaluru');
    expect(await findPlace('somewhere nice')).toBeNull();
    expect(await pinCentre('000000')).toBeNull();
  });

  it("measures from the site's own city centre, else the nearest large city", () => {
    const bandra = { lat: 19.0596, lng: 72.8295 };
    expect(centreFor(bandra, 'Mumbai')).toMatchObject({ label: 'Mumbai' });
    expect(centreFor(bandra, 'Mumbai').km).toBeGreaterThan(3);
    expect(centreFor(bandra, 'Mumbai').km).toBeLessThan(6);
    expect(centreFor({ lat: 18.53, lng: 73.85 }, 'Kothrud')).toMatchObject({ label: 'Pune' });
    expect(formatKm(0.85)).toBe('850 m');
    expect(formatKm(12.34)).toBe('12.3 km');
  });

  it('lists the PIN areas around a point, nearest first', async () => {
    const near = await pinCentresNear({ lat: 19.1136, lng: 72.8697 }, 3);
    expect(near.length).toBeGreaterThan(2);
    expect(near.map((p) => p.km)).toEqual([...near.map((p) => p.km)].sort((a, b) => a - b));
    expect(near.every((p) => p.km <= 3)).toBe(true);
  });
});
