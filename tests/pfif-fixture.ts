import { standardFile } from './standards.ts';

/** Person Finder's PFIF 1.4 sample; null where the standards are absent, and the tests that read it skip. */
export const PFIF_SAMPLE_PATH = standardFile('pfif/test.pfif-1.4.xml');

/**
 * A PFIF 1.4 file of `count` persons as a Person Finder repository exports them: the fields people
 * fill in (with the author's contact, which the import drops), names in several scripts, two notes
 * each.
 */
export function generatedPfif(count: number): Uint8Array {
  const names = ['María José Hernández', 'Nguyễn Văn An', '王小明', 'Aroha Ngata', 'Олена Коваленко', 'محمد عبد الله', 'Siosaia Fifita'];
  const cities = ['Fresno', 'Los Ángeles', 'Oakland', 'San José', 'Salinas'];
  const date = (i: number, minutes: number) => new Date(Date.UTC(2026, 10, 1) + i * 60_000 + minutes * 60_000).toISOString().slice(0, 19) + 'Z';
  const note = (i: number, n: number, status: string, text: string) => `    <pfif:note>
      <pfif:note_record_id>bench.example/note.${i}-${n}</pfif:note_record_id>
      <pfif:person_record_id>bench.example/person.${i}</pfif:person_record_id>
      <pfif:entry_date>${date(i, 30 * n + 1)}</pfif:entry_date>
      <pfif:author_name>Helper ${i}-${n}</pfif:author_name>
      <pfif:author_email>helper${i}-${n}@example.com</pfif:author_email>
      <pfif:source_date>${date(i, 30 * n)}</pfif:source_date>
      <pfif:status>${status}</pfif:status>
      <pfif:last_known_location>${cities[(i + n) % cities.length]}</pfif:last_known_location>
      <pfif:text>${text}</pfif:text>
    </pfif:note>
`;
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<pfif:pfif xmlns:pfif="http://zesty.ca/pfif/1.4">\n'];
  for (let i = 0; i < count; i++) {
    const name = `${names[i % names.length]} ${i}`;
    parts.push(`  <pfif:person>
    <pfif:person_record_id>bench.example/person.${i}</pfif:person_record_id>
    <pfif:entry_date>${date(i, 1)}</pfif:entry_date>
    <pfif:author_name>Family of ${name}</pfif:author_name>
    <pfif:author_phone>+1 559 555 ${String(i % 10_000).padStart(4, '0')}</pfif:author_phone>
    <pfif:source_name>bench.example</pfif:source_name>
    <pfif:source_date>${date(i, 0)}</pfif:source_date>
    <pfif:full_name>${name}</pfif:full_name>
    <pfif:description>Last seen near the bus station wearing a red jacket and carrying a blue backpack. Speaks Spanish and some English.</pfif:description>
    <pfif:sex>${i % 2 ? 'male' : 'female'}</pfif:sex>
    <pfif:age>${20 + (i % 60)}</pfif:age>
    <pfif:home_city>${cities[i % cities.length]}</pfif:home_city>
    <pfif:home_state>CA</pfif:home_state>
    <pfif:home_country>US</pfif:home_country>
    <pfif:photo_url>https://bench.example/photo/${i}.jpg</pfif:photo_url>
${note(i, 1, 'information_sought', 'Has anyone seen them since the evacuation? We are at the fairgrounds shelter.')}${note(i, 2, 'believed_alive', 'I saw them this morning at the Red Cross tent, they looked tired but well.')}  </pfif:person>
`);
  }
  parts.push('</pfif:pfif>\n');
  return new TextEncoder().encode(parts.join(''));
}
