import { describe, expect, it, vi } from 'vitest';
import { CITIES } from '../../../db/seed/cities.ts';
import { joinVariant, KIND_SLUGS, KIND_STYLES, splitVariant, TIMES_OF_DAY } from '../site-image-url.ts';
import { renderPlaceholder, renderSiteScene } from './scene.ts';

const TAG = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z][\w:-]*="[^"<>]*")*)\s*(\/?)>/y;

/** A strict check of the XML our generator writes: balanced tags, quoted attributes, escaped text. */
function wellFormedProblem(svg: string): string | null {
  if (!svg.startsWith('<svg ')) return 'does not start with <svg';
  const open: string[] = [];
  let i = 0;
  while (i < svg.length) {
    const lt = svg.indexOf('<', i);
    const text = svg.slice(i, lt === -1 ? svg.length : lt);
    if (/&(?!(amp|lt|gt|quot);)|>/.test(text)) return `bare & or > in text "${text}"`;
    if (lt === -1) break;
    TAG.lastIndex = lt;
    const m = TAG.exec(svg);
    if (!m) return `malformed tag at ${lt}: ${svg.slice(lt, lt + 60)}`;
    const [whole, closing, name, , selfClosing] = m;
    if (closing && open.pop() !== name) return `unbalanced </${name}> at ${lt}`;
    if (!closing && !selfClosing) open.push(name);
    i = lt + whole.length;
  }
  return open.length ? `unclosed <${open.join('>, <')}>` : null;
}

describe('site scenes', () => {
  it('draws every kind, style and time of day in every city as small, well-formed SVG', () => {
    const random = vi.spyOn(Math, 'random');
    for (const kind of KIND_SLUGS) {
      for (const city of CITIES) {
        for (let style = 0; style < KIND_STYLES[kind]; style++) {
          for (let shot = 0; shot < 4; shot++) {
            const scene = (city.slug.length * 13 + shot) % 40;
            const svg = renderSiteScene(kind, city, joinVariant(kind, scene, style, shot));
            expect(Buffer.byteLength(svg), `${kind}/${city.slug}`).toBeLessThan(8192);
            expect(svg).toContain(`>${city.name.toUpperCase()}</text>`);
            expect(wellFormedProblem(svg), `${kind}/${city.slug}`).toBeNull();
          }
        }
      }
    }
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
  });

  it('is the same picture for the same URL', () => {
    const city = CITIES[0];
    expect(renderSiteScene('hoarding', city, 123)).toBe(renderSiteScene('hoarding', city, 123));
  });

  it('packs style, time of day and scene into the variant number', () => {
    const v = joinVariant('transit', 57, 1, 3);
    expect(splitVariant('transit', v)).toEqual({ style: 1, time: 'night', shot: 3, scene: 57 });
    expect(
      TIMES_OF_DAY.map((_, shot) => splitVariant('lamp-post', joinVariant('lamp-post', 9, 0, shot)).time),
    ).toEqual(['day', 'golden', 'dusk', 'night']);
  });

  it('has an XML check that catches the mistakes a string builder makes', () => {
    expect(wellFormedProblem('<svg x="1"><g></svg>')).toMatch(/unbalanced/);
    expect(wellFormedProblem('<svg x="1"><text>2 & 3</text></svg>')).toMatch(/bare/);
    expect(wellFormedProblem('<svg x=1></svg>')).toMatch(/malformed/);
    expect(wellFormedProblem('<svg x="1"><text>2 &amp; 3</text></svg>')).toBeNull();
  });

  it('draws a well-formed placeholder', () => {
    const svg = renderPlaceholder();
    expect(Buffer.byteLength(svg)).toBeLessThan(8192);
    expect(wellFormedProblem(svg)).toBeNull();
  });
});
