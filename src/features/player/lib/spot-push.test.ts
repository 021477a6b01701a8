// Applying a network campaign's pushed spot to the playlist a screen holds.
import { describe, expect, it } from 'vitest';
import { applySpotPush, isSpotPush, pushedVersion, type SpotLike, type SpotPush } from './spot-push';

const HERE = 'e-here';
const THERE = 'e-there';

type Spot = SpotLike & { spots_per_loop: number; on_air: boolean; slides: { id: string; title: string }[] };
const spot = (campaign: string, devices: string[], extra: Partial<Spot> = {}): Spot => ({
  campaign_id: campaign,
  device_ids: devices,
  spots_per_loop: 1,
  on_air: true,
  slides: [{ id: `${campaign}-1`, title: 'Ad' }],
  ...extra,
});
const playlist = (spots: Spot[], version = 'v-read') => ({ version, today: '2026-11-26', slides: [], spots });
const push = (campaign: string, value: SpotPush['spot']): SpotPush => ({ campaign_id: campaign, spot: value });

describe('a pushed spot', () => {
  it('replaces the campaign’s entry and gives the playlist a new version', () => {
    const held = playlist([spot('a', [HERE]), spot('b', [HERE])]);
    const next = applySpotPush(held, push('b', spot('b', [HERE, THERE], { spots_per_loop: 3 })), HERE);
    expect(next).not.toBe('read');
    const p = next as typeof held;
    expect(p.spots.map((s) => [s.campaign_id, s.spots_per_loop])).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
    // Held as this screen's own read would hold it: device_ids just this screen.
    expect(p.spots[1]!.device_ids).toEqual([HERE]);
    expect(p.version).not.toBe(held.version);
    expect(p.slides).toBe(held.slides);
  });

  it('adds a campaign that now plays here in the server’s order, and removes one that stopped', () => {
    const held = playlist([spot('a', [HERE]), spot('c', [HERE])]);
    const added = applySpotPush(held, push('b', spot('b', [THERE, HERE])), HERE) as typeof held;
    expect(added.spots.map((s) => s.campaign_id)).toEqual(['a', 'b', 'c']);
    const last = applySpotPush(held, push('d', spot('d', [HERE])), HERE) as typeof held;
    expect(last.spots.map((s) => s.campaign_id)).toEqual(['a', 'c', 'd']);

    const removed = applySpotPush(added, push('a', null), HERE) as typeof held;
    expect(removed.spots.map((s) => s.campaign_id)).toEqual(['b', 'c']);
    expect(removed.version).not.toBe(added.version);
  });

  it('removes the campaign when it still plays at the venue but no longer on this screen', () => {
    const held = playlist([spot('a', [HERE])]);
    const next = applySpotPush(held, push('a', spot('a', [THERE])), HERE) as typeof held;
    expect(next.spots).toEqual([]);
  });

  it('leaves the playlist as it was when the push changes nothing for this screen', () => {
    const held = playlist([spot('a', [HERE])]);
    expect(applySpotPush(held, push('b', spot('b', [THERE])), HERE)).toBe(held);
    expect(applySpotPush(held, push('z', null), HERE)).toBe(held);
    // The same content (on_air is the server's clock at the time, not content): nothing to swap.
    expect(applySpotPush(held, push('a', spot('a', [HERE, THERE], { on_air: false })), HERE)).toBe(held);
  });

  it('keeps every screen of the venue on a venue’s kiosk with no device of its own', () => {
    const held = playlist([]);
    const next = applySpotPush(held, push('a', spot('a', [HERE, THERE])), null) as typeof held;
    expect(next.spots[0]!.device_ids).toEqual([HERE, THERE]);
    expect(applySpotPush(held, push('b', spot('b', [])), null)).toBe(held);
  });

  it('asks for a read when the spot was too large to send', () => {
    expect(applySpotPush(playlist([spot('a', [HERE])]), push('a', 'read'), HERE)).toBe('read');
  });

  it('names the same spots with the same version, whatever their order of arrival', () => {
    const held = playlist([], 'v-read');
    const ab = applySpotPush(
      applySpotPush(held, push('a', spot('a', [HERE])), HERE) as typeof held,
      push('b', spot('b', [HERE])),
      HERE,
    ) as typeof held;
    const ba = applySpotPush(
      applySpotPush(held, push('b', spot('b', [HERE])), HERE) as typeof held,
      push('a', spot('a', [HERE])),
      HERE,
    ) as typeof held;
    expect(ab.version).toBe(ba.version);
    expect(ab.version.startsWith('v-read+')).toBe(true);
    expect(pushedVersion(ab.version, ab.spots)).toBe(ab.version);
  });
});

describe('isSpotPush', () => {
  it('takes a spot, null or read for its campaign, and nothing else', () => {
    expect(isSpotPush(push('a', spot('a', [HERE])))).toBe(true);
    expect(isSpotPush(push('a', null))).toBe(true);
    expect(isSpotPush(push('a', 'read'))).toBe(true);
    expect(isSpotPush({ campaign_id: 'a' })).toBe(false);
    expect(isSpotPush(push('a', spot('b', [HERE])))).toBe(false);
    expect(isSpotPush({ campaign_id: 'a', spot: { campaign_id: 'a' } })).toBe(false);
    expect(isSpotPush('a')).toBe(false);
  });
});
