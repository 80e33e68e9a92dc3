/** A checkbox with its label, a touch target of 44 px high. */
export function CheckboxField(p: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
      <input
        type="checkbox"
        className="size-5"
        checked={p.checked}
        onChange={(e) => p.onChange(e.target.checked)}
      />
      {p.label}
    </label>
  );
}
