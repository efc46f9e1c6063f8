import { describe, expect, it } from 'vitest';
import { createLimiter } from '@/lib/llm/limit';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('createLimiter', () => {
  it('never runs more than its size at once, in arrival order', async () => {
    const limiter = createLimiter(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map((index) =>
        limiter.run(async () => {
          order.push(index);
          running++;
          peak = Math.max(peak, running);
          await tick();
          running--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('a request cancelled while queued leaves the queue without running', async () => {
    const limiter = createLimiter(1);
    let release = () => {};
    const first = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    let ran = false;
    const queued = limiter.run(async () => {
      ran = true;
    }, controller.signal);
    expect(limiter.pending).toBe(2);
    controller.abort();
    await expect(queued).rejects.toMatchObject({ code: 'cancelled' });
    expect(limiter.pending).toBe(1);
    release();
    await first;
    expect(ran).toBe(false);
    expect(limiter.pending).toBe(0);
  });

  it('frees its slot when a task fails', async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
  });
});
