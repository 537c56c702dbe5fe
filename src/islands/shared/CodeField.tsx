/** The field for a code texted to a number: digits left to right, and the phone offers the code from its text. */
export function CodeField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (code: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} inputMode="numeric" autoComplete="one-time-code" dir="ltr" maxLength={20} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
    </div>
  );
}
