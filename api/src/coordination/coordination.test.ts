import { describe, expect, it } from 'vitest';
import { createMemoryCoordination } from './memory';

const tick = () => new Promise((r) => setImmediate(r));

describe('memory coordination', () => {
  it('runs tasks with one key one after another, and other keys side by side', async () => {
    const c = createMemoryCoordination();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([c.run('a', task('a1')), c.run('a', task('a2')), c.run('b', task('b1'))]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('goes on with the next task after one fails', async () => {
    const c = createMemoryCoordination();
    const failed = c.run('k', async () => {
      throw new Error('boom');
    });
    await expect(failed).rejects.toThrow('boom');
    await expect(c.run('k', async () => 'ok')).resolves.toBe('ok');
  });

  it('single flight: concurrent callers share one run; a later call runs again', async () => {
    const c = createMemoryCoordination();
    let runs = 0;
    const load = async () => {
      runs += 1;
      await tick();
      return runs;
    };
    expect(await Promise.all([c.singleFlight('x', load), c.singleFlight('x', load), c.singleFlight('x', load)])).toEqual([1, 1, 1]);
    expect(await c.singleFlight('x', load)).toBe(2);
  });
});
