import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAP_SIZE, positionPng, positionSvg } from './plan-images.ts';

const site = (city: string, latitude: number | null, longitude: number | null) => ({
  city,
  state: 'Somewhere',
  latitude,
  longitude,
});

/** The dot's centre, read back from the SVG. */
function dot(svg: string): [number, number] {
  const m = /<circle cx="([\d.]+)" cy="([\d.]+)" r="7"/.exec(svg);
  if (!m) throw new Error('no dot');
  return [Number(m[1]), Number(m[2])];
}

describe('the position image of an exported plan', () => {
  it('draws the land and puts each city where it is relative to the others', () => {
    const mumbai = dot(positionSvg(site('Mumbai', 19.076, 72.8777)));
    const delhi = dot(positionSvg(site('Delhi', 28.6139, 77.209)));
    const kolkata = dot(positionSvg(site('Kolkata', 22.5726, 88.3639)));
    const chennai = dot(positionSvg(site('Chennai', 13.0827, 80.2707)));
    expect(mumbai[0]).toBeLessThan(delhi[0]);
    expect(delhi[0]).toBeLessThan(kolkata[0]);
    expect(delhi[1]).toBeLessThan(kolkata[1]);
    expect(kolkata[1]).toBeLessThan(mumbai[1]);
    expect(mumbai[1]).toBeLessThan(chennai[1]);
    for (const [x, y] of [mumbai, delhi, kolkata, chennai]) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(MAP_SIZE.width);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(MAP_SIZE.height);
    }
    // The coastline is there: a long path, land-coloured.
    expect(positionSvg(site('Mumbai', 19.076, 72.8777))).toMatch(
      /<path [^>]*d="M[-\d,LMZ]{5000,}" fill="#f6f3ea"/,
    );
  });

  it('says when a site has no coordinates', () => {
    expect(positionSvg(site('Pune', null, null))).toContain('No coordinates');
  });

  it('renders hostile place names as text: markup escaped, characters XML cannot hold dropped', async () => {
    const name = 'Goa</text><script>x</script>\u0000\u0007\ud800\u202e&';
    const svg = positionSvg(site(name, 15.49, 73.82));
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('Goa&lt;/text&gt;&lt;script&gt;x&lt;/script&gt;\u202e&amp;');
    const png = await positionPng(site(name, 15.49, 73.82));
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', MAP_SIZE.width, MAP_SIZE.height]);
  });
});
