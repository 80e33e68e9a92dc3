import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { useAdminWrite } from '../lib/use-admin-write';

/** A write the console sends: a react-query mutation, or anything shaped like one. */
export type Write<V> = { isPending: boolean; mutateAsync: (v: V) => Promise<unknown> };

type By = -1 | 1;
const key = (id: string, by: By) => `${id}:${by}`;

/**
 * An ordered list whose items move up or down by buttons, by keyboard and screen readers alike (the episodes, a
 * test's questions, the evaluation form's). Returns one row's two buttons. While the new order is saved they stay
 * focusable (aria-disabled; a press meanwhile does nothing); once the list shows the move, the focus is on the
 * moved item's same button, or its other one when it reached an end of the list, so pressing again moves it on.
 */
export function useReorder<T extends { id: string }>(
  items: T[],
  order: Write<string[]>,
  /** The toast after a move; `n` is the item's new place, counting from 1. */
  moved: (item: T, n: number) => string,
) {
  const write = useAdminWrite();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  /** The move being saved: which button to focus once the list shows `id` at `to`. */
  const focus = useRef<{ id: string; by: By; to: number } | null>(null);
  const ids = items.map((q) => q.id);

  useEffect(() => {
    const f = focus.current;
    if (!f || ids[f.to] !== f.id) return;
    focus.current = null;
    // Only when the focus is still on these buttons (or was dropped): never taken from elsewhere.
    const active = document.activeElement;
    const ours = [...buttons.current.values()];
    if (active && active !== document.body && !ours.includes(active as HTMLButtonElement)) return;
    const same = buttons.current.get(key(f.id, f.by));
    (same && !same.disabled ? same : buttons.current.get(key(f.id, -f.by as By)))?.focus();
  });

  const move = (i: number, by: By) => {
    if (order.isPending) return;
    const next = [...ids];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    focus.current = { id: ids[i]!, by, to: i + by };
    write(order.mutateAsync(next), moved(items[i]!, i + by + 1)).catch(() => {
      focus.current = null;
    });
  };

  return (i: number, label: { up: string; down: string }): ReactNode => (
    <div className="flex gap-1">
      {([-1, 1] as const).map((by) => (
        <Button
          key={by}
          ref={(b) => {
            const k = key(ids[i]!, by);
            if (b) buttons.current.set(k, b);
            else buttons.current.delete(k);
          }}
          variant="secondary"
          className="aria-disabled:cursor-wait aria-disabled:text-slate-400"
          aria-label={by < 0 ? label.up : label.down}
          disabled={i + by < 0 || i + by >= ids.length}
          aria-disabled={order.isPending || undefined}
          onClick={() => move(i, by)}
        >
          {by < 0 ? '↑' : '↓'}
        </Button>
      ))}
    </div>
  );
}
