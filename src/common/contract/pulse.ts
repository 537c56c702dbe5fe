/** The community pulse feed and the donation link. */

/** One line of the community pulse feed: a recent public post of one of the boards. */
export interface PulseItem {
  id: string;
  kind: 'missing' | 'alert' | 'request' | 'offer' | 'job' | 'resource' | 'drop';
  /** The post's own words (its title or name), shown as written. */
  text: string;
  city: string | null;
  /** The city's county when the city is a California place (the city is then its canonical name), else null: unplaced. */
  county: string | null;
  urgent: boolean;
  createdAt: string;
  sample: boolean;
}

/** GET /api/donation-links: the external card-payment page every donate button opens. */
export interface DonationLinks {
  donate: string;
}
