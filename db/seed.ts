import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { lostFoundPosts, meta } from './schema.ts';

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
      lastSeenCity: 'Los Angeles (Koreatown)',
      lastSeenDate: day(4),
      description: '16 years old, tall and thin, black hoodie and white sneakers. Last seen near Wilshire/Western station after school.',
      contact: 'kimfamily.sample@example.org',
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
      createdAt: at(200),
    },
  ];
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
      db.delete(meta).where(eq(meta.key, SAMPLE_KEY)),
    ]);
    return 'removed';
  }
  if (marker) return 'kept';
  const rows = sampleLostFound(now).map((post) => ({ ...post, id: crypto.randomUUID(), isSample: true }));
  await db.batch([
    db.insert(lostFoundPosts).values(rows),
    db.insert(meta).values({ key: SAMPLE_KEY, value: new Date(now).toISOString() }),
  ]);
  return 'loaded';
}
