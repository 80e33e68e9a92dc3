export function Spinner({ small = false, label }: { small?: boolean; label?: string }) {
  const size = small ? 'h-4 w-4' : 'h-8 w-8';
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-3">
      <span
        aria-hidden="true"
        className={`${size} animate-spin rounded-full border-2 border-current border-r-transparent`}
      />
      {label && <span className="text-sm text-slate-600">{label}</span>}
    </span>
  );
}

/** A page-sized loading state that keeps the layout's height, so nothing jumps when data arrives. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-teal-700">
      <Spinner label={label} />
    </div>
  );
}
