/** The everyday boards: the resource directory, the job board, the next drop and its volunteers, and SOS requests. */
import * as z from 'zod/mini';
import { optionalText, required, webLink } from './fields.ts';
import { LIMITS } from './limits.ts';
import { RESOURCE_CATEGORIES, type JobType, type ResourceCategory } from './values.ts';

/** A resource submitted for the directory; it stays pending until an admin verifies it. */
export const resourceInput = z.object({
  name: required(LIMITS.name, 'Name'),
  category: z.enum(RESOURCE_CATEGORIES, { error: `Category must be one of ${RESOURCE_CATEGORIES.join(', ')}` }),
  city: optionalText(LIMITS.city, 'City'),
  address: optionalText(LIMITS.address, 'Address'),
  phone: optionalText(LIMITS.phone, 'Phone'),
  link: webLink,
  notes: optionalText(LIMITS.description, 'Notes'),
});

export interface Resource {
  id: string;
  name: string;
  category: ResourceCategory;
  city: string | null;
  /** The city's county when the city is a California place (the city is then its canonical name), else null: unplaced. */
  county: string | null;
  address: string | null;
  phone: string | null;
  link: string | null;
  notes: string | null;
  /** Opening hours as the admin wrote them. */
  hours: string | null;
  verified: boolean;
  sample: boolean;
}

/** A job submitted for the board; it stays pending until an admin approves it. */
export const jobInput = z.object({
  title: required(LIMITS.name, 'Job title'),
  employer: optionalText(LIMITS.name, 'Employer'),
  city: optionalText(LIMITS.city, 'City'),
  payRange: optionalText(LIMITS.payRange, 'Pay range'),
  notes: optionalText(LIMITS.description, 'Notes'),
  contact: required(LIMITS.contact, 'Contact'),
  acceptsNoPapers: z._default(z.boolean({ error: 'acceptsNoPapers must be true or false' }), true),
});

export interface Job {
  id: string;
  title: string;
  employer: string | null;
  city: string | null;
  /** The city's county when the city is a California place (the city is then its canonical name), else null: unplaced. */
  county: string | null;
  payRange: string | null;
  notes: string | null;
  contact: string;
  acceptsNoPapers: boolean;
  /** Set by an admin: people are needed now. */
  urgent: boolean;
  jobType: JobType | null;
  createdAt: string;
  sample: boolean;
}

/** The next food and supply drop (spec: date, city, meetSpot, whatWeBring, notes). */
export interface Drop {
  id: string;
  title: string | null;
  /** YYYY-MM-DD */
  date: string;
  /** Free text, e.g. "10:00 AM - 2:00 PM" */
  time: string | null;
  city: string;
  /** The city's county when the city is a California place (the city is then its canonical name), else null: unplaced. */
  county: string | null;
  meetSpot: string;
  address: string | null;
  whatWeBring: string | null;
  notes: string | null;
  /** How many people signed up to help. */
  volunteers: number;
  sample: boolean;
}

/** Signing up to help at a drop: a name and a way to reach the person. */
export const volunteerInput = z.object({
  name: required(LIMITS.name, 'Name'),
  contact: required(LIMITS.contact, 'Contact'),
});

/** An SOS request: kept for the admins, never listed publicly. */
export const sosInput = z.object({
  city: optionalText(LIMITS.city, 'City'),
  details: required(LIMITS.description, 'Details'),
  contact: optionalText(LIMITS.contact, 'Contact'),
});
