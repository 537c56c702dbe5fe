import { expect, it } from 'vitest';
import { donationLink } from './donation.ts';

it('adds the amount to the payment link, keeping what the link already asks', () => {
  expect(donationLink('https://donate.example.org/give', 25)).toBe('https://donate.example.org/give?amount=25');
  expect(donationLink('https://pay.example.org/b/abc?locale=es', 10)).toBe('https://pay.example.org/b/abc?locale=es&amount=10');
});

it('leaves a link that fixes its own amount as it is', () => {
  expect(donationLink('https://pay.example.org/b/abc?amount=50', 10)).toBe('https://pay.example.org/b/abc?amount=50');
});
