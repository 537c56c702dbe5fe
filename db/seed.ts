import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { HELP_POST_DAYS } from '../src/common/contract/limits.ts';
import { assistanceRequests, drops, jobs, lostFoundPosts, meta, resources, surplusOffers } from './schema.ts';
import { placed, placedLastSeen } from '../src/common/contract/places.ts';
import { searchFields } from './search-fields.ts';
import { contactKindOf } from '../src/common/format.ts';

const SAMPLE_KEY = 'sample_content';
const DAY = 24 * 3600 * 1000;

/** Sample posts, realistic but invented: the phone numbers are the 555-01xx range kept for fiction. */
function sampleLostFound(now: number) {
  const day = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString().slice(0, 10);
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3600 * 1000).toISOString();
  return [
    {
      name: 'Rosa Hernández',
      lastSeenCity: 'Fresno',
      lastSeenDate: day(2),
      description: '67 years old, short grey hair, blue cardigan. Speaks Spanish and some Mixteco. She may be confused and looking for the bus to Madera.',
      contact: '(559) 555-0142',
      createdAt: at(30),
    },
    {
      name: 'Daniel Kim',
      lastSeenCity: 'Los Angeles',
      lastSeenDate: day(4),
      description: '16 years old, tall and thin, black hoodie and white sneakers. Last seen in Koreatown near Wilshire/Western station after school.',
      contact: 'kimfamily.sample@example.org',
      // The other records take messages (the default); this one and Lucía's show their contact after a check.
      showContact: true,
      createdAt: at(80),
    },
    {
      name: 'Gurpreet Singh',
      lastSeenCity: 'Stockton',
      lastSeenDate: day(6),
      description: '42 years old, navy turban, grey jacket. Works at a farm near Lodi and did not come home after his shift.',
      contact: '(209) 555-0187',
      createdAt: at(130),
    },
    {
      name: 'Lucía Ramírez',
      lastSeenCity: 'Oakland',
      lastSeenDate: day(9),
      description: '8 years old, braided hair, pink backpack. Was with her uncle at the Fruitvale flea market.',
      contact: 'Ask at the Fruitvale community center front desk',
      showContact: true,
      createdAt: at(200),
    },
  ];
}

/** Directory samples: real kinds of places in California, invented names and 555-01xx numbers. */
const SAMPLE_RESOURCES = [
  {
    name: 'Valley Community Food Pantry',
    category: 'Food',
    city: 'Fresno',
    address: '1820 E Belmont Ave, Fresno, CA',
    phone: '(559) 555-0110',
    link: null,
    notes: 'Groceries every Tuesday and Friday, 9 AM to noon. No ID needed.',
    verified: true,
  },
  {
    name: 'Casa Segura Family Shelter',
    category: 'Shelter',
    city: 'Los Angeles',
    address: '415 S Vermont Ave, Los Angeles, CA',
    phone: '(213) 555-0124',
    link: null,
    notes: 'Emergency beds for families with children. Spanish and Korean spoken.',
    verified: true,
  },
  {
    name: 'Immigrant Rights Legal Clinic',
    category: 'Legal',
    city: 'Oakland',
    address: '2100 International Blvd, Oakland, CA',
    phone: '(510) 555-0133',
    link: 'https://example.org/legal-clinic',
    notes: 'Free consultations on immigration cases. Know-your-rights workshops on Saturdays.',
    verified: true,
  },
  {
    name: 'Clínica Comunitaria del Valle',
    category: 'Medical',
    city: 'Salinas',
    address: '60 E Market St, Salinas, CA',
    phone: '(831) 555-0141',
    link: null,
    notes: 'Sliding-scale clinic. No insurance or papers needed.',
    verified: false,
  },
  {
    name: 'Punjabi Sikh Community Center Job Help',
    category: 'Employment',
    city: 'Stockton',
    address: '1930 S Grant St, Stockton, CA',
    phone: '(209) 555-0157',
    link: null,
    notes: null,
    verified: false,
  },
  {
    name: 'Free English Classes at the Library',
    category: 'Education',
    city: 'San Jose',
    address: '150 E San Fernando St, San Jose, CA',
    phone: '(408) 555-0162',
    link: 'https://example.org/esl',
    notes: 'Evening English classes for adults, all levels. Childcare available.',
    verified: true,
  },
] as const;

const SAMPLE_JOBS = [
  {
    title: 'Farm harvest crew',
    employer: 'Sunrise Orchards',
    city: 'Madera',
    payRange: '$18-20/hour',
    notes: 'Almond and grape harvest, 6 AM start. Transport from Madera available.',
    contact: '(559) 555-0171',
    acceptsNoPapers: true,
  },
  {
    title: 'Kitchen helper',
    employer: 'La Fonda Restaurant',
    city: 'Santa Ana',
    payRange: '$17/hour + tips',
    notes: null,
    contact: 'jobs.lafonda.sample@example.org',
    acceptsNoPapers: true,
  },
  {
    title: 'House cleaning team',
    employer: 'Bright Home Cleaning',
    city: 'San Diego',
    payRange: null,
    notes: 'Weekday mornings. Supplies provided.',
    contact: 'https://example.org/bright-home-jobs',
    acceptsNoPapers: true,
  },
  {
    title: 'Warehouse packer',
    employer: 'Central Valley Produce',
    city: 'Stockton',
    payRange: '$19/hour',
    notes: 'Night shift, lifting up to 40 lb.',
    contact: '(209) 555-0184',
    acceptsNoPapers: false,
  },
] as const;

/** Help-board samples: everyday needs and offers, invented people and 555-01xx numbers. */
const SAMPLE_REQUESTS = [
  {
    title: 'Ride to immigration court in San Francisco',
    description: 'My hearing is on Thursday at 8:30 AM and there is no bus early enough from Salinas. I can pay for gas.',
    category: 'Transportation',
    urgency: 'High',
    city: 'Salinas',
    contactName: 'Marisol',
    contactMethod: '(831) 555-0119',
    showContact: true,
  },
  {
    title: 'Baby formula and diapers (size 3)',
    description: 'Lost my job last week. My daughter is 7 months old. Any brand of formula helps.',
    category: 'Food',
    urgency: 'Critical',
    city: 'Bakersfield',
    contactName: 'Yesenia',
    contactMethod: '(661) 555-0136',
  },
  {
    title: 'Help reading a letter from the landlord',
    description: 'The letter is in English and I think it is about the rent. I speak Punjabi and some Hindi.',
    category: 'Translation',
    urgency: 'Medium',
    city: 'Fresno',
    contactName: 'Harjit',
    contactMethod: 'harjit.sample@example.org',
  },
] as const;

const SAMPLE_OFFERS = [
  {
    title: 'Winter jackets for kids (sizes 4 to 10)',
    description: 'Six jackets in good shape, washed. Pick up in the evening.',
    category: 'Clothing',
    condition: 'Good',
    city: 'Stockton',
    contactName: 'Teresa',
    contactMethod: '(209) 555-0148',
    availability: 'Weekdays after 6 PM',
  },
  {
    title: 'Free Spanish-English interpreting for appointments',
    description: 'I am a retired court interpreter. I can come with you to the clinic, school or a hearing.',
    category: 'Translation',
    condition: 'Service',
    city: 'Los Angeles',
    contactName: 'Roberto',
    contactMethod: 'roberto.sample@example.org',
    availability: 'Tuesdays and Thursdays',
  },
  {
    title: 'Crib and baby stroller',
    description: 'Crib with mattress and a folding stroller. Clean, from a smoke-free home.',
    category: 'Furniture',
    condition: 'Like New',
    city: 'San Jose',
    contactName: 'Minji',
    contactMethod: '(408) 555-0153',
    availability: 'This weekend',
  },
] as const;

/** The next Saturday on or after `now`, as YYYY-MM-DD. */
function nextSaturday(now: number): string {
  const day = new Date(now);
  day.setUTCDate(day.getUTCDate() + ((6 - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * Loads the sample content once, and only into a database that has not had it before; turned
 * off, it removes the sample rows again so a real deployment starts clean.
 */
export async function applySampleContent(db: Database, enabled: boolean, now = Date.now()): Promise<'loaded' | 'kept' | 'removed' | 'none'> {
  const [marker] = await db.select().from(meta).where(eq(meta.key, SAMPLE_KEY));
  if (!enabled) {
    if (!marker) return 'none';
    await db.batch([
      db.delete(lostFoundPosts).where(eq(lostFoundPosts.isSample, true)),
      db.delete(resources).where(eq(resources.isSample, true)),
      db.delete(jobs).where(eq(jobs.isSample, true)),
      db.delete(drops).where(eq(drops.isSample, true)),
      db.delete(assistanceRequests).where(eq(assistanceRequests.isSample, true)),
      db.delete(surplusOffers).where(eq(surplusOffers.isSample, true)),
      db.delete(meta).where(eq(meta.key, SAMPLE_KEY)),
    ]);
    return 'removed';
  }
  if (marker) return 'kept';
  // The minute before, as posts keep their times to the minute: a post made in the minute the
  // samples were loaded still lists above them.
  const at = now - (now % 60_000) - 60_000;
  const sample = { isSample: true, createdAt: new Date(at).toISOString() };
  const id = () => crypto.randomUUID();
  const helpSample = (index: number) => ({
    id: id(),
    isSample: true,
    imageUrls: [],
    createdAt: new Date(at - (index * 5 + 1) * 3600_000).toISOString(),
    expiresAt: new Date(at + HELP_POST_DAYS * DAY).toISOString(),
  });
  await db.batch([
    db.insert(lostFoundPosts).values(
      sampleLostFound(at).map((post) => ({
        ...post,
        contactKind: contactKindOf(post.contact),
        ...placedLastSeen(post.lastSeenCity),
        ...searchFields(post),
        id: id(),
        isSample: true,
      })),
    ),
    db.insert(resources).values(SAMPLE_RESOURCES.map((resource) => ({ ...resource, ...placed(resource.city), ...sample, id: id(), status: 'published' }))),
    db
      .insert(jobs)
      .values(
        SAMPLE_JOBS.map((job, index) => ({ ...job, ...placed(job.city), ...sample, id: id(), status: 'approved', createdAt: new Date(at - index * 3600_000).toISOString() })),
      ),
    db.insert(drops).values({
      ...sample,
      id: id(),
      title: 'Weekly Food & Supply Drop',
      date: nextSaturday(at),
      time: '10:00 AM - 2:00 PM',
      ...placed('Fresno'),
      meetSpot: 'Roeding Park, north parking lot',
      address: '890 W Belmont Ave, Fresno, CA',
      whatWeBring: 'Fresh produce, rice and beans, diapers, hygiene kits, warm clothing',
      notes: 'Bring your own bags if you can. Volunteers speak Spanish, Hmong and Punjabi.',
      status: 'active',
    }),
    db.insert(assistanceRequests).values(
      SAMPLE_REQUESTS.map((request, index) => ({
        ...request,
        contactKind: contactKindOf(request.contactMethod),
        ...placed(request.city),
        ...helpSample(index),
        status: 'active',
      })),
    ),
    db
      .insert(surplusOffers)
      .values(
        SAMPLE_OFFERS.map((offer, index) => ({ ...offer, contactKind: contactKindOf(offer.contactMethod), ...placed(offer.city), ...helpSample(index), status: 'available' })),
      ),
    db.insert(meta).values({ key: SAMPLE_KEY, value: new Date(at).toISOString() }),
  ]);
  return 'loaded';
}
