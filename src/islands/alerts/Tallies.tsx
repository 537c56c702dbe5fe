import { useEffect, useId, useState } from 'react';
import type { ReportTally } from '../../common/contract/alerts.ts';
import { TALLY_COLUMNS } from '../../common/contract/limits.ts';
import { LOCALES, type Lang } from '../../common/i18n/languages.ts';
import type { Translate } from '../../common/i18n/messages.ts';
import { api } from '../../client/api.ts';

/**
 * The network's numbers, public: per week and county, the enforcement reports posted, confirmed
 * by others, verified and found false alarms. Counts only, loaded when the board opens.
 */
export function Tallies({ lang, t }: { lang: Lang; t: Translate }) {
  const id = useId();
  const [tallies, setTallies] = useState<ReportTally[] | null>(null);
  useEffect(() => {
    api<ReportTally[]>('/api/alerts/tallies').then(setTallies, () => setTallies([]));
  }, []);
  const weeks = [...new Set((tallies ?? []).map((row) => row.week))];
  const number = new Intl.NumberFormat(LOCALES[lang]).format;
  const day = new Intl.DateTimeFormat(LOCALES[lang], { month: 'long', day: 'numeric', timeZone: 'UTC' });
  return (
    <section className="tallies" aria-labelledby={`${id}-title`} aria-busy={tallies === null}>
      <h2 id={`${id}-title`}>{t('tallies.title')}</h2>
      <p className="note">{t('tallies.lead')}</p>
      {tallies !== null && weeks.length === 0 && <p className="note">{t('tallies.empty')}</p>}
      {weeks.map((week, index) => (
        <details key={week} open={index === 0}>
          <summary id={`${id}-${week}`}>{t('tallies.week', { date: day.format(new Date(week)) })}</summary>
          {/* Scrolled sideways where a language's headers are wide: reachable by keyboard too. */}
          <div tabIndex={0} role="region" aria-labelledby={`${id}-${week}`}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('tallies.county')}</th>
                  {TALLY_COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {t(`tallies.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {tallies!
                  .filter((row) => row.week === week)
                  .map((row) => (
                    <tr key={row.county}>
                      <th scope="row">
                        <bdi>{row.county}</bdi>
                      </th>
                      {TALLY_COLUMNS.map((column) => (
                        <td key={column}>{number(row[column])}</td>
                      ))}
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </details>
      ))}
    </section>
  );
}
