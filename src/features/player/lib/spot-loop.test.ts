// One loop of a screen whose airtime is sold: properties that hold for any booking the database
// accepts (spots evenly spread, nothing lost, the venue's order kept, a campaign's slides in
// turn, never more spot time than the loop), then a few loops worked out by hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLoop, type BuiltLoop, type LoopSpot } from './spot-loop';

interface TestSlide {
  id: string;
  duration: number;
}

const seconds = (slide: TestSlide) => slide.duration;

/** A campaign `name` booking `spotsPerLoop` spots; its slides' durations as given (spot_seconds: the longest). */
function campaign(name: string, spotsPerLoop: number, durations: number[]): LoopSpot<TestSlide> {
  return {
    campaign: name,
    spotsPerLoop,
    spotSeconds: Math.max(...durations),
    slides: durations.map((duration, i) => ({ id: `${name}${i + 1}`, duration })),
  };
}

const venueSlides = (durations: number[]) => durations.map((duration, i) => ({ id: `v${i}`, duration }));

/** The seconds per loop a set of bookings takes (what the database counts against the loop). */
const booked = (spots: readonly LoopSpot<TestSlide>[]) =>
  spots.reduce((sum, spot) => sum + spot.spotsPerLoop * spot.spotSeconds, 0);

const ids = (loop: BuiltLoop<TestSlide>) => loop.items.map((item) => item.slide.id);

/** `count` loops in a row, each starting the venue's content where the one before left off. */
function loops(
  input: { loopSeconds: number; spots: LoopSpot<TestSlide>[]; venue: TestSlide[] },
  count: number,
  first = 0,
): BuiltLoop<TestSlide>[] {
  const built: BuiltLoop<TestSlide>[] = [];
  let venueStart = 0;
  for (let loop = first; loop < first + count; loop++) {
    const next = buildLoop({ ...input, loop, venueStart, seconds });
    built.push(next);
    venueStart = next.venueNext;
  }
  return built;
}

// Bookings the database would accept: up to 5 network campaigns of 1 to 4 spots a loop and 1
// to 4 slides of 1 to 30 s, the venue's own 0 to 12 slides of 1 to 60 s, and a loop at least
// as long as what is booked (`spare` seconds more).
const spotArb = fc.record({
  spotsPerLoop: fc.integer({ min: 1, max: 4 }),
  durations: fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 4 }),
});
const bookingArb = (spare: { min: number; max: number }, venueLength = { min: 0, max: 12 }) =>
  fc
    .record({
      spots: fc.array(spotArb, { minLength: 1, maxLength: 5 }),
      venue: fc.array(fc.integer({ min: 1, max: 60 }), { minLength: venueLength.min, maxLength: venueLength.max }),
      spare: fc.integer(spare),
      loop: fc.nat({ max: 1000 }),
    })
    .map(({ spots, venue, spare: extra, loop }) => {
      const campaigns = spots.map((s, i) => campaign(`c${i}-`, s.spotsPerLoop, s.durations));
      return { loopSeconds: booked(campaigns) + extra, spots: campaigns, venue: venueSlides(venue), loop };
    });

const spotsOf = (loop: BuiltLoop<TestSlide>) => loop.items.filter((item) => item.spot);

describe('a sold loop, for any booking that fits', () => {
  it('gives every campaign on air exactly its spots per loop, each one of its own slides', () => {
    fc.assert(
      fc.property(bookingArb({ min: 0, max: 600 }), fc.nat({ max: 50 }), (input, venueStart) => {
        const built = buildLoop({ ...input, venueStart, seconds });
        for (const spot of input.spots) {
          const played = spotsOf(built).filter((item) => item.spot!.campaign === spot.campaign);
          expect(played).toHaveLength(spot.spotsPerLoop);
          for (const item of played) expect(spot.slides).toContain(item.slide);
        }
        expect(spotsOf(built)).toHaveLength(input.spots.reduce((sum, s) => sum + s.spotsPerLoop, 0));
      }),
    );
  });

  it('never gives the spots more time than the loop has', () => {
    fc.assert(
      fc.property(bookingArb({ min: 0, max: 600 }), (input) => {
        const built = buildLoop({ ...input, venueStart: 0, seconds });
        const spotTime = spotsOf(built).reduce((sum, item) => sum + item.slide.duration, 0);
        expect(spotTime).toBeLessThanOrEqual(input.loopSeconds);
      }),
    );
  });

  it('spreads the spots evenly: each starts within one venue slide of its slot (i·L/K), or of the end of a spot that ran past it', () => {
    fc.assert(
      fc.property(bookingArb({ min: 0, max: 600 }, { min: 1, max: 12 }), fc.nat({ max: 50 }), (input, venueStart) => {
        const built = buildLoop({ ...input, venueStart, seconds });
        const longest = Math.max(...input.venue.map(seconds));
        const spots = spotsOf(built);
        let endOfLast = 0;
        spots.forEach((item, i) => {
          const slot = (i * input.loopSeconds) / spots.length;
          expect(item.spot!.slot).toBeCloseTo(slot, 9);
          const due = Math.max(slot, endOfLast);
          // Never more than half a venue slide early, never a whole one late.
          expect(item.start).toBeGreaterThanOrEqual(due - longest / 2 - 1e-9);
          expect(item.start).toBeLessThan(due + longest);
          endOfLast = item.start + item.slide.duration;
        });
      }),
    );
  });

  it('keeps each spot within one venue slide of its slot when no spot is longer than a slot, and lasts the loop', () => {
    const evenArb = bookingArb({ min: 0, max: 600 }, { min: 1, max: 12 }).filter(({ spots, loopSeconds }) => {
      const k = spots.reduce((sum, s) => sum + s.spotsPerLoop, 0);
      return spots.every((s) => s.spotSeconds <= loopSeconds / k);
    });
    fc.assert(
      fc.property(evenArb, (input) => {
        const built = buildLoop({ ...input, venueStart: 0, seconds });
        const longest = Math.max(...input.venue.map(seconds));
        const spots = spotsOf(built);
        spots.forEach((item, i) => {
          expect(Math.abs(item.start - (i * input.loopSeconds) / spots.length)).toBeLessThan(longest);
        });
        expect(built.seconds).toBeGreaterThanOrEqual(input.loopSeconds - longest / 2);
        expect(built.seconds).toBeLessThan(input.loopSeconds + longest);
      }),
    );
  });

  it('spreads one campaign’s spots apart: never two of its spots in a row when others have as many', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 1, max: 4 }), (campaigns, perLoop) => {
        const spots = Array.from({ length: campaigns }, (_, i) => campaign(`c${i}-`, perLoop, [10]));
        const built = buildLoop({ loopSeconds: 3600, spots, venue: [], loop: 0, venueStart: 0, seconds });
        const order = spotsOf(built).map((item) => item.spot!.campaign);
        order.forEach((name, i) => expect(order[(i + 1) % order.length]).not.toBe(name));
      }),
    );
  });

  it('plays the venue’s content between the spots in its order, carrying on from loop to loop', () => {
    fc.assert(
      fc.property(
        bookingArb({ min: 0, max: 600 }, { min: 1, max: 12 }),
        fc.integer({ min: 1, max: 6 }),
        (input, count) => {
          const built = loops(input, count, input.loop);
          const played = built.flatMap((loop) => loop.items.filter((item) => !item.spot));
          // From the first venue slide on, each one is the next in the venue's order (round again after the last).
          played.forEach((item, i) => {
            expect(item.venueIndex).toBe(i % input.venue.length);
            expect(item.slide).toBe(input.venue[item.venueIndex]);
          });
          expect(built.at(-1)!.venueNext).toBe(played.length % input.venue.length);
        },
      ),
    );
  });

  it('loses none of the venue’s content while the loop is not sold out: each slide plays within as many loops as there are slides', () => {
    fc.assert(
      fc.property(bookingArb({ min: 1, max: 600 }, { min: 1, max: 12 }), (input) => {
        const played = new Set(
          loops(input, input.venue.length)
            .flatMap((loop) => loop.items)
            .filter((item) => !item.spot)
            .map((item) => item.slide.id),
        );
        expect([...played].sort()).toEqual(input.venue.map((s) => s.id).sort());
      }),
    );
  });

  it('shows a campaign’s slides in turn, across its spots and across loops', () => {
    fc.assert(
      fc.property(bookingArb({ min: 0, max: 300 }), fc.integer({ min: 1, max: 8 }), (input, count) => {
        const built = loops(input, count, input.loop);
        for (const spot of input.spots) {
          const shown = built.flatMap((loop) =>
            loop.items
              .filter((item) => item.spot?.campaign === spot.campaign)
              .sort((a, b) => a.spot!.nth - b.spot!.nth)
              .map((item) => item.slide),
          );
          const first = spot.slides.indexOf(shown[0]!);
          shown.forEach((slide, j) => expect(slide).toBe(spot.slides[(first + j) % spot.slides.length]));
          // Loop n starts its turns at n × spots per loop.
          expect(first).toBe((input.loop * spot.spotsPerLoop) % spot.slides.length);
        }
      }),
    );
  });

  it('plays the spots back to back when the venue has no content of its own', () => {
    fc.assert(
      fc.property(bookingArb({ min: 0, max: 600 }, { min: 0, max: 0 }), (input) => {
        const built = buildLoop({ ...input, venueStart: 0, seconds });
        let t = 0;
        for (const item of built.items) {
          expect(item.spot).not.toBeNull();
          expect(item.start).toBe(t);
          t += item.slide.duration;
        }
        expect(built.seconds).toBe(t);
      }),
    );
  });

  it('plays the venue’s loop whole and in order when nothing is booked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 12 }),
        fc.nat({ max: 20 }),
        (durations, start) => {
          const venue = venueSlides(durations);
          const built = buildLoop({ loopSeconds: 300, spots: [], venue, loop: 3, venueStart: start, seconds });
          expect(built.items.map((item) => item.slide)).toEqual(venue);
          expect(built.venueNext).toBe(0);
        },
      ),
    );
  });
});

describe('a sold loop, by hand', () => {
  const venue = venueSlides([10, 10, 10]);

  it('puts one spot at the start of a 60 s loop and fills the rest with the venue’s slides, carrying on next loop', () => {
    const input = { loopSeconds: 60, spots: [campaign('acme', 1, [10])], venue };
    const [first, second] = loops(input, 2);
    expect(ids(first!)).toEqual(['acme1', 'v0', 'v1', 'v2', 'v0', 'v1']);
    expect(first!.seconds).toBe(60);
    expect(ids(second!)).toEqual(['acme1', 'v2', 'v0', 'v1', 'v2', 'v0']);
  });

  it('gives three spots in a 120 s loop the slots at 0, 40 and 80 s, one campaign’s two spots apart', () => {
    const input = { loopSeconds: 120, spots: [campaign('a', 2, [15]), campaign('b', 1, [15])], venue };
    const built = buildLoop({ ...input, loop: 0, venueStart: 0, seconds });
    expect(spotsOf(built).map((item) => [item.slide.id, item.start])).toEqual([
      ['a1', 0],
      // After 15 s of spot and two venue slides it is 35 s: a third would run 5 s past the
      // slot, no nearer than starting the spot 5 s early.
      ['b1', 35],
      ['a1', 80],
    ]);
    expect(ids(built)).toEqual(['a1', 'v0', 'v1', 'b1', 'v2', 'v0', 'v1', 'a1', 'v2', 'v0']);
    expect(built.seconds).toBe(115);
  });

  it('rotates a campaign’s slides through its spots and loops', () => {
    const input = { loopSeconds: 100, spots: [campaign('ad', 2, [10, 10, 10])], venue: [] };
    expect(loops(input, 3).map(ids)).toEqual([
      ['ad1', 'ad2'],
      ['ad3', 'ad1'],
      ['ad2', 'ad3'],
    ]);
  });

  it('plays a spot’s slide shorter than the spot for its own time, the venue taking the rest', () => {
    // The campaign's spot is 20 s (its longest slide); its 5 s slide plays 5 s.
    const input = { loopSeconds: 60, spots: [campaign('ad', 1, [5, 20])], venue: venueSlides([5, 5]) };
    const built = buildLoop({ ...input, loop: 0, venueStart: 0, seconds });
    expect(built.items.slice(0, 2).map((item) => [item.slide.id, item.start])).toEqual([
      ['ad1', 0],
      ['v0', 5],
    ]);
  });

  it('gives a venue slide longer than every gap its turn, the next spot starting late by less than it', () => {
    // Two 20 s spots in a 50 s loop leave 5 s gaps; the venue's one slide lasts 30 s.
    const input = {
      loopSeconds: 50,
      spots: [campaign('a', 1, [20]), campaign('b', 1, [20])],
      venue: venueSlides([30]),
    };
    const built = buildLoop({ ...input, loop: 0, venueStart: 0, seconds });
    expect(built.items.map((item) => [item.slide.id, item.start])).toEqual([
      ['a1', 0],
      ['v0', 20],
      ['b1', 50],
    ]);
  });
});
