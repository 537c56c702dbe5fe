/**
 * The words that must read the same way on every page of a language, because a reader who meets
 * two renderings may think they are two things (a community notice and a police report), or read
 * a promise the site does not make. Each term says how to find it in the English source; each
 * language's glossary (`{lang}.json` beside this file) says how that language renders it, and
 * glossary.test.ts fails when a dictionary renders it another way.
 */
export const GLOSSARY_TERMS = {
  ice: { en: /\bICE\b/, means: 'U.S. Immigration and Customs Enforcement, always written as the acronym ICE, explained once per page.' },
  immigrationEnforcement: { en: /\bimmigration enforcement\b/i, means: 'Immigration officers acting (raids, checkpoints, arrests): not the police, not a court.' },
  agent: { en: /\b(agent|officer)s?\b/i, means: 'A person acting for ICE or the police; one neutral word, not "soldier" or "spy".' },
  warrant: { en: /\bwarrants?\b/i, means: 'A judicial warrant: an order signed by a judge, as a rights group says it (not any "order" or "document").' },
  volunteer: { en: /\bvolunteers?\b/i, means: 'An unpaid community member; never reads as staff, officials or emergency services.' },
  sos: { en: /\bSOS\b/, means: 'The SOS request on this site: reaches the volunteer moderators only.' },
  resource: { en: /\bresources?\b/i, means: 'A verified local service (food, legal, health, shelter) in the directory.' },
  papers: { en: /\b(papers|documentation)\b/i, means: 'Immigration papers (legal status documents), as in "No papers required".' },
  report: { en: /\breport(s|ed|ing)?\b/i, means: 'A community notice posted on this board; never a police report or a complaint to the authorities.' },
  missing: { en: /\bmissing\b/i, means: 'A person whose family cannot find them (not "lost" like an object).' },
  shelter: { en: /\bshelters?\b/i, means: 'A safe place to sleep or stay (housing shelter, not a bomb shelter).' },
} as const;

export type GlossaryTerm = keyof typeof GLOSSARY_TERMS;
