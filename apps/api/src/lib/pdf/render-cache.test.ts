import { describe, expect, it } from 'vitest';
import { renderCached } from './render-cache.ts';

describe('renderCached', () => {
  it('draws one input once, also when asked for together, and another input again', async () => {
    let renders = 0;
    const render = async () => {
      renders += 1;
      return Buffer.from(`file ${renders}`);
    };
    const input = { lines: [1, 2, 3], at: '2026-11-22' };
    const [a, b] = await Promise.all([renderCached('t', input, render), renderCached('t', input, render)]);
    const c = await renderCached('t', { ...input }, render);
    expect(renders).toBe(1);
    expect(a.toString()).toBe('file 1');
    expect(b).toBe(a);
    expect(c).toBe(a);
    await renderCached('t', { ...input, at: '2026-11-23' }, render);
    await renderCached('other-kind', input, render);
    expect(renders).toBe(3);
  });

  it('draws again after a failed rendering', async () => {
    const input = { failing: true };
    await expect(renderCached('t', input, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await renderCached('t', input, async () => Buffer.from('ok'))).toString()).toBe('ok');
  });
});
