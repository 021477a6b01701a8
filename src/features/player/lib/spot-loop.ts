// One loop of a screen whose airtime is sold. The screen's loop lasts L seconds; each network
// campaign booked on it takes spots_per_loop spots in every loop, K spots in all. The spots are
// spread evenly: slot i of K starts at i·L/K, and the slots go to the campaigns by the same
// rule as a slide's repeats in the venue's loop (the k-th of a campaign's s spots wants
// (k + ½)/s of the loop), so one campaign's spots are spread apart and different campaigns'
// spots take turns. A spot shows one of its campaign's slides, the next one each spot and each
// loop (spot k of loop n shows slide (n·s + k) mod the number of slides). The venue's own
// slides fill the time between spots in their order (today's loop, loopOrder), carrying on in
// the next loop where this one left off and starting over when they run out; without venue
// content the spots play back to back.
//
// Filling a gap up to a slot: a venue slide starts when it fits before the slot, or when it
// ends nearer the slot than the gap is long, or when it would be the gap's first venue slide
// (so long venue slides in short gaps still get their turn: nothing of the venue is dropped
// while any of the loop is unsold). A spot therefore starts at most one venue slide late, and
// at most half a venue slide early, after its slot (or right after the spot before it, when
// that one ran past the slot).
//
// A spot takes the airtime of its campaign's longest slide (spot_seconds): that is what was
// sold, and what the database counts. A slide shorter than that plays for its own time, not
// stretched to the spot's: a stretched picture or a frozen last frame of a video would show
// the viewer nothing more, and the rest of the spot's airtime goes to the venue's content
// rather than to dead air.
//
// With no spot the loop is the venue's loop as it always was: every venue slide once, in order.
// Pure functions: the player keeps the loop counter and where the venue content is.

export interface LoopSpot<S> {
  /** The network campaign: its spots are spread apart, its slides rotate. */
  campaign: string;
  /** Spots it takes in each loop. */
  spotsPerLoop: number;
  /** The airtime of one spot (the campaign's longest slide). */
  spotSeconds: number;
  /** Its slides, in the order they take turns. */
  slides: readonly S[];
}

export interface LoopInput<S> {
  /** The screen's loop length, in seconds. */
  loopSeconds: number;
  /** The network campaigns booked on the screen and on air now. */
  spots: readonly LoopSpot<S>[];
  /** The venue's own slides on air, in their played order (loopOrder). */
  venue: readonly S[];
  /** Which loop this is (0, 1, 2, …): the spots' slides rotate by it. */
  loop: number;
  /** Where in `venue` this loop's venue content starts (where the last loop left off). */
  venueStart: number;
  /** How long a slide plays, in seconds (more than 0). */
  seconds: (slide: S) => number;
}

export interface LoopItem<S> {
  slide: S;
  /** When it comes up, in seconds from the loop's start. */
  start: number;
  /** A booked spot: its campaign, which of its spots in the loop, and its slot's time; null for venue content. */
  spot: { campaign: string; nth: number; slot: number } | null;
  /** Venue content: its place in `venue`; -1 for a spot. */
  venueIndex: number;
}

export interface BuiltLoop<S> {
  items: LoopItem<S>[];
  /** Where the next loop's venue content starts. */
  venueNext: number;
  /** How long the loop plays, in seconds. */
  seconds: number;
}

/** A campaign's spots in a loop, as a whole number (0 for nonsense). */
const spotCount = (spot: LoopSpot<unknown>) =>
  spot.slides.length === 0 ? 0 : Math.max(0, Math.round(spot.spotsPerLoop) || 0);

/**
 * The order the loop's K spots take the K slots: campaign c's k-th spot of s wants (k + ½)/s
 * of the loop; ties go to the campaign listed first.
 */
export function spotOrder<S>(spots: readonly LoopSpot<S>[]): { spot: LoopSpot<S>; nth: number }[] {
  const wants: { spot: LoopSpot<S>; nth: number; at: number; rank: number }[] = [];
  spots.forEach((spot, rank) => {
    const count = spotCount(spot);
    for (let nth = 0; nth < count; nth++) wants.push({ spot, nth, at: (nth + 0.5) / count, rank });
  });
  wants.sort((a, b) => a.at - b.at || a.rank - b.rank || a.nth - b.nth);
  return wants.map(({ spot, nth }) => ({ spot, nth }));
}

/** The slide spot `nth` of `spot` shows in loop `loop`: the campaign's slides in turn, across spots and loops. */
export function spotSlide<S>(spot: LoopSpot<S>, nth: number, loop: number): S {
  const count = spotCount(spot);
  const n = spot.slides.length;
  const turn = (((Math.floor(loop) * count + nth) % n) + n) % n;
  return spot.slides[turn]!;
}

/** `index` within a list of `length` (0 in an empty one). */
const wrap = (index: number, length: number) => (length === 0 ? 0 : ((index % length) + length) % length);

/** Loop number `loop` of a screen: its booked spots at their slots, the venue's content between them. */
export function buildLoop<S>({ loopSeconds, spots, venue, loop, venueStart, seconds }: LoopInput<S>): BuiltLoop<S> {
  const order = spotOrder(spots);
  const items: LoopItem<S>[] = [];
  let t = 0;
  let v = wrap(venueStart, venue.length);

  const playVenue = () => {
    const slide = venue[v]!;
    items.push({ slide, start: t, spot: null, venueIndex: v });
    t += seconds(slide);
    v = wrap(v + 1, venue.length);
  };

  if (order.length === 0 || !(loopSeconds > 0)) {
    // Nothing sold: the venue's loop, whole, as the screen always played it.
    v = 0;
    for (let i = 0; i < venue.length; i++) playVenue();
    return { items, venueNext: 0, seconds: t };
  }

  /** The venue's content from now until `until` (a slot, or the loop's end). */
  const fill = (until: number) => {
    if (venue.length === 0) return;
    let first = true;
    while (t < until) {
      const start = t;
      const end = t + seconds(venue[v]!);
      if (!first && end > until && end - until >= until - t) return;
      playVenue();
      first = false;
      // A slide without time cannot fill anything (it plays, and the gap ends).
      if (!(t > start)) return;
    }
  };

  order.forEach(({ spot, nth }, i) => {
    const slot = (i * loopSeconds) / order.length;
    fill(slot);
    const slide = spotSlide(spot, nth, loop);
    items.push({ slide, start: t, spot: { campaign: spot.campaign, nth, slot }, venueIndex: -1 });
    // Its own time, not stretched to spot_seconds (see above).
    t += seconds(slide);
  });
  fill(loopSeconds);
  return { items, venueNext: v, seconds: t };
}
