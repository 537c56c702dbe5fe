import { expect, it } from 'vitest';
import { langFromPath, localizePath, stripLang } from './languages.ts';

it('finds the language of a path, English when unprefixed', () => {
  expect(langFromPath('/ar/lost-found')).toBe('ar');
  expect(langFromPath('/es')).toBe('es');
  expect(langFromPath('/lost-found')).toBe('en');
  expect(langFromPath('/esperanza')).toBe('en');
  expect(langFromPath('/en/lost-found')).toBe('en');
});

it('strips the language prefix', () => {
  expect(stripLang('/ko/lost-found')).toBe('/lost-found');
  expect(stripLang('/ko')).toBe('/');
  expect(stripLang('/lost-found')).toBe('/lost-found');
});

it('gives the same route in another language, without a trailing slash', () => {
  expect(localizePath('/lost-found', 'es')).toBe('/es/lost-found');
  expect(localizePath('/es/lost-found/', 'ar')).toBe('/ar/lost-found');
  expect(localizePath('/', 'zh')).toBe('/zh');
  expect(localizePath('/zh/', 'en')).toBe('/');
  expect(localizePath('/zh/lost-found', 'en')).toBe('/lost-found');
});

it('tells apart a code with a hyphen from the code it starts with', () => {
  expect(langFromPath('/zh-hant/jobs')).toBe('zh-hant');
  expect(langFromPath('/zh-hant')).toBe('zh-hant');
  expect(langFromPath('/zh/jobs')).toBe('zh');
  expect(langFromPath('/zh-hantx/jobs')).toBe('en');
  expect(stripLang('/zh-hant/jobs')).toBe('/jobs');
  expect(localizePath('/zh/jobs', 'zh-hant')).toBe('/zh-hant/jobs');
  expect(localizePath('/zh-hant/jobs', 'zh')).toBe('/zh/jobs');
  expect(localizePath('/zh-hant', 'en')).toBe('/');
});

it('stays on this site whatever the path: leading slashes collapse to one', () => {
  expect(localizePath('/ar//example.org/x', 'en')).toBe('/example.org/x');
  expect(localizePath('//example.org/x', 'en')).toBe('/example.org/x');
  expect(localizePath('/es/\\/example.org', 'en')).toBe('/example.org');
  expect(localizePath('/ar//example.org/x', 'es')).toBe('/es/example.org/x');
});
