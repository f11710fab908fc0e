import { describe, expect, it } from 'vitest';
import { MemoryKv } from '../../plugins/kv/memory-kv.js';
import { createQrLoginService } from './qr-login.service.js';

// Expiry on the service's clock (the routes pass Date.now()); the store's TTL only cleans up later.
const requester = { site: 'localhost', browser: 'Chrome', os: 'macOS', country: 'DE' };
const SECRET = 's'.repeat(43);

describe('QR login service: expiry', () => {
  it('a code past its two minutes is expired: no scan, no confirm, the browser sees "expired"', async () => {
    const service = createQrLoginService(new MemoryKv());
    const { uuid, expiresAt } = await service.generate(SECRET, requester, 1_000);
    expect(expiresAt).toBe(121_000);
    expect(await service.scan(uuid, '1234567890', 60_000)).toMatchObject({
      ...requester,
      requestedAt: 1_000,
    });
    expect(await service.poll(uuid, SECRET, 121_000)).toEqual({ state: 'expired' });
    expect(await service.scan(uuid, '1234567890', 121_000)).toBeNull();
    expect(await service.confirm(uuid, '1234567890', 121_000)).toBe(false);
    expect(await service.cancel(uuid, '1234567890', 121_000)).toBe(false);
  });

  it('a last-second confirm still gives the browser its session on the next poll, once', async () => {
    const service = createQrLoginService(new MemoryKv());
    const { uuid } = await service.generate(SECRET, requester, 0);
    expect(await service.confirm(uuid, '1234567890', 119_999)).toBe(true);
    expect(await service.poll(uuid, SECRET, 121_500)).toEqual({ state: 'confirmed', userId: '1234567890' });
    expect(await service.poll(uuid, SECRET, 121_600)).toEqual({ state: 'gone' });
  });

  it('another secret polls nothing', async () => {
    const service = createQrLoginService(new MemoryKv());
    const { uuid } = await service.generate(SECRET, requester, 0);
    expect(await service.poll(uuid, 't'.repeat(43), 1)).toEqual({ state: 'gone' });
    expect(await service.poll(uuid, SECRET, 1)).toEqual({ state: 'waiting' });
  });
});
